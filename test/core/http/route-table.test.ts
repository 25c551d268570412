import { describe, expect, it } from "vitest";
import { createRouteTable, HttpRefusal, type Route, type RouteSet } from "../../../src/core/http/index.js";

const route = (method: Route["method"], path: string): Route => ({
  method,
  path,
  handle: () => ({ status: 200, body: { path } }),
});

const set = (owner: string, ...routes: Route[]): RouteSet => ({ owner, routes });

/** The path of the route that answers, its parameters, or why none does. */
function answer(routes: RouteSet[], method: string, path: string) {
  const found = createRouteTable(routes).match(method, path);
  return found.kind === "found" ? { path: found.route.path, params: found.params } : found;
}

describe("route table", () => {
  const sets = [
    set("core", route("GET", "/health"), route("POST", "/cycle"), route("GET", "/")),
    set(
      "dashboard",
      route("GET", "/api/sessions"),
      route("GET", "/api/sessions/:id"),
      route("POST", "/api/sessions/:id/send"),
      route("GET", "/api/sessions/new"),
      route("GET", "/assets/*file"),
      route("DELETE", "/api/sessions/:id"),
    ),
  ];

  it("matches literal paths exactly", () => {
    expect(answer(sets, "GET", "/health")).toEqual({ path: "/health", params: {} });
    expect(answer(sets, "GET", "/")).toEqual({ path: "/", params: {} });
    expect(answer(sets, "GET", "/health/")).toEqual({ kind: "no-route" });
    expect(answer(sets, "GET", "/healthz")).toEqual({ kind: "no-route" });
    expect(answer(sets, "GET", "/api/sessions/a/b")).toEqual({ kind: "no-route" });
  });

  it("binds parameters, decoded after the path is split", () => {
    expect(answer(sets, "GET", "/api/sessions/app-1")).toEqual({
      path: "/api/sessions/:id",
      params: { id: "app-1" },
    });
    expect(answer(sets, "POST", "/api/sessions/app%201/send")).toEqual({
      path: "/api/sessions/:id/send",
      params: { id: "app 1" },
    });
    // An encoded slash stays inside its segment.
    expect(answer(sets, "GET", "/api/sessions/a%2Fb")).toEqual({
      path: "/api/sessions/:id",
      params: { id: "a/b" },
    });
  });

  it("prefers a literal segment over a parameter, whatever the mount order", () => {
    expect(answer(sets, "GET", "/api/sessions/new")).toEqual({ path: "/api/sessions/new", params: {} });
    const reversed = [set("a", route("GET", "/x/new")), set("b", route("GET", "/x/:id"))];
    expect(answer(reversed, "GET", "/x/new")).toEqual({ path: "/x/new", params: {} });
    expect(answer([...reversed].reverse(), "GET", "/x/new")).toEqual({ path: "/x/new", params: {} });
  });

  it("gives a last `*` parameter the rest of the path, and a parameter wins over it", () => {
    expect(answer(sets, "GET", "/assets/js/app.js")).toEqual({
      path: "/assets/*file",
      params: { file: "js/app.js" },
    });
    expect(answer(sets, "GET", "/assets")).toEqual({ kind: "no-route" });
    const both = [set("a", route("GET", "/f/*rest")), set("b", route("GET", "/f/:one"))];
    expect(answer(both, "GET", "/f/x")).toEqual({ path: "/f/:one", params: { one: "x" } });
    expect(answer(both, "GET", "/f/x/y")).toEqual({ path: "/f/*rest", params: { rest: "x/y" } });
  });

  it("tells a path no route has from a method the path does not take", () => {
    expect(answer(sets, "GET", "/nope")).toEqual({ kind: "no-route" });
    expect(answer(sets, "GET", "/cycle")).toEqual({ kind: "wrong-method", allow: ["POST"] });
    expect(answer(sets, "PUT", "/api/sessions/app-1")).toEqual({
      kind: "wrong-method",
      allow: ["GET", "DELETE"],
    });
    expect(answer(sets, "BREW", "/health")).toEqual({ kind: "wrong-method", allow: ["GET"] });
  });

  it("refuses malformed encodings and dot segments with 400", () => {
    const table = createRouteTable(sets);
    for (const path of [
      "/api/sessions/%E0%A4%A",
      "/assets/../daemon.token",
      "/assets/%2e%2e/x",
      "/./health",
    ]) {
      const refusal: unknown = (() => {
        try {
          return table.match("GET", path);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal, path).toBeInstanceOf(HttpRefusal);
      expect((refusal as HttpRefusal).status).toBe(400);
    }
  });

  it("refuses to mount two routes that would answer the same request, naming both owners", () => {
    expect(() =>
      createRouteTable([set("core", route("GET", "/health")), set("web", route("GET", "/health"))]),
    ).toThrow("route GET /health of web collides with one of core");
    expect(() =>
      createRouteTable([set("a", route("GET", "/s/:id")), set("b", route("GET", "/s/:name"))]),
    ).toThrow("route GET /s/:name of b collides with one of a");
    // Same path, other method: no collision.
    expect(() =>
      createRouteTable([set("a", route("GET", "/s")), set("b", route("POST", "/s"))]),
    ).not.toThrow();
  });

  it("refuses malformed route paths when they are mounted", () => {
    const mount = (path: string) => () => createRouteTable([set("web", route("GET", path))]);
    expect(mount("health")).toThrow("the path must start with /");
    expect(mount("/a//b")).toThrow("empty segment");
    expect(mount("/a/:")).toThrow("needs a name");
    expect(mount("/a/:id-x")).toThrow("needs a name");
    expect(mount("/a/*rest/b")).toThrow("`*` is only allowed last");
    expect(() => createRouteTable([set("web", { ...route("GET", "/a"), method: "BREW" as "GET" })])).toThrow(
      "unknown method",
    );
  });
});
