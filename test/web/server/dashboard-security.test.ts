import { describe, expect, it } from "vitest";
import { getSession } from "../../../src/core/store/index.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard, WEBHOOK_SECRET } from "./dashboard-world.js";

const withSession = (world: Parameters<Parameters<typeof startDashboard>[0] & object>[0]) =>
  addSession(world.engine.store, "app-1", { prNumber: 7 });

describe("dashboard security (docs/dashboard.md, Security)", () => {
  it("refuses every API route and the stream without the token or the cookie (401)", async () => {
    const w = await startDashboard(withSession);
    for (const path of ["/api/fleet", "/api/sessions/app-1", "/events"])
      expect((await w.request("GET", path)).status, path).toBe(401);
    const kill = await w.request("POST", "/api/sessions/app-1/kill", {
      headers: { origin: w.origin, "content-type": "application/json", cookie: "ao_dashboard_1=forged" },
      body: "{}",
    });
    expect(kill.status).toBe(401);
    expect(JSON.parse(kill.text)).toEqual({ error: "not logged in: open the URL `ao dashboard` prints" });
    expect(getSession(w.engine.store, "app-1")?.status).toBe("working");
    // The token as a bearer works, as for every daemon route; the cookie works too.
    const bearer = await w.request("GET", "/api/fleet", { headers: { authorization: `Bearer ${w.token}` } });
    expect(bearer.status).toBe(200);
    expect((await w.get("/api/fleet")).status).toBe(200);
  });

  it("trades the token once for an HttpOnly SameSite=Strict cookie named after the port; a wrong token gets none", async () => {
    const w = await startDashboard();
    const json = { origin: w.origin, "content-type": "application/json" };
    const wrong = await w.request("POST", "/api/session-cookie", {
      headers: json,
      body: JSON.stringify({ token: "0".repeat(64) }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const right = await w.request("POST", "/api/session-cookie", {
      headers: json,
      body: JSON.stringify({ token: w.token }),
    });
    expect(right.status).toBe(200);
    expect(JSON.parse(right.text)).toEqual({ ok: true });
    const [cookie] = right.headers["set-cookie"] ?? [];
    expect(cookie).toMatch(
      new RegExp(`^ao_dashboard_${w.port}=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=/;`),
    );
    expect(cookie).not.toContain(w.token);
    // The exchange itself needs our Origin: another site cannot log a browser in.
    const foreign = await w.request("POST", "/api/session-cookie", {
      headers: { ...json, origin: "http://evil.example" },
      body: JSON.stringify({ token: w.token }),
    });
    expect(foreign.status).toBe(403);
  });

  it("refuses a forged Host (DNS rebinding), another port in Host, and a Host without our port", async () => {
    const w = await startDashboard(withSession);
    for (const host of ["evil.example", `evil.example:${w.port}`, "127.0.0.1:1", "localhost"]) {
      for (const path of ["/", "/api/fleet", "/events"]) {
        const answer = await w.request("GET", path, { headers: { host, cookie: w.cookie } });
        expect(answer.status, `${host} ${path}`).toBe(403);
      }
    }
    const localhost = await w.request("GET", "/api/fleet", {
      headers: { host: `localhost:${w.port}`, cookie: w.cookie },
    });
    expect(localhost.status).toBe(200);
  });

  it("refuses a foreign Origin on reads and writes, a POST without Origin, and a cross-site fetch", async () => {
    const w = await startDashboard(withSession);
    const evil = "http://evil.example";
    expect(
      (await w.request("GET", "/api/fleet", { headers: { cookie: w.cookie, origin: evil } })).status,
    ).toBe(403);
    expect((await w.request("GET", "/events", { headers: { cookie: w.cookie, origin: evil } })).status).toBe(
      403,
    );
    const otherPort = `http://127.0.0.1:${w.port + 1}`;
    for (const origin of [evil, otherPort, "null"]) {
      const answer = await w.request("POST", "/api/sessions/app-1/kill", {
        headers: { cookie: w.cookie, origin, "content-type": "application/json" },
        body: "{}",
      });
      expect(answer.status, origin).toBe(403);
    }
    const noOrigin = await w.request("POST", "/api/sessions/app-1/kill", {
      headers: { cookie: w.cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(noOrigin.status).toBe(403);
    const crossSite = await w.request("GET", "/api/fleet", {
      headers: { cookie: w.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(getSession(w.engine.store, "app-1")?.status).toBe("working");
  });

  it("takes JSON POSTs only: a form-encoded or text body is 415, a GET on an action is 405, bad JSON 400", async () => {
    const w = await startDashboard(withSession);
    for (const type of [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain",
    ]) {
      const answer = await w.request("POST", "/api/sessions/app-1/kill", {
        headers: { cookie: w.cookie, origin: w.origin, "content-type": type },
        body: "purge=true",
      });
      expect(answer.status, type).toBe(415);
    }
    for (const action of ["kill", "send", "merge", "restore", "interrupt", "review"]) {
      const answer = await w.request("GET", `/api/sessions/app-1/${action}`, {
        headers: { cookie: w.cookie },
      });
      expect(answer.status, action).toBe(405);
      expect(answer.headers["allow"]).toBe("POST");
    }
    expect((await w.request("GET", "/api/spawn", { headers: { cookie: w.cookie } })).status).toBe(405);
    const bad = await w.request("POST", "/api/sessions/app-1/kill", {
      headers: { cookie: w.cookie, origin: w.origin, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    const extra = await w.post("/api/sessions/app-1/kill", { purge: true, force: true });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.text)).toMatchObject({
      error: expect.stringContaining("bad request body") as string,
    });
    expect(getSession(w.engine.store, "app-1")?.status).toBe("working");
  });

  it("sends no CORS header, and no answer, page or event carries the token or the webhook secret", async () => {
    const w = await startDashboard(withSession);
    const answers = [
      await w.get("/"),
      await w.get("/app.js"),
      await w.get("/api/fleet"),
      await w.get("/api/sessions/app-1"),
      await w.get("/nope.js"),
      await w.post("/api/sessions/app-9/kill", {}),
      await w.request("GET", "/api/fleet", { headers: { origin: w.origin, cookie: w.cookie } }),
    ];
    const stream = await readStream(w.port, w.cookie);
    for (const answer of [...answers, stream]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
      for (const secret of [w.token, WEBHOOK_SECRET]) expect(answer.text).not.toContain(secret);
    }
  });

  it("serves the bundle with content types and a CSP, 404s other names, and explains a missing bundle", async () => {
    const w = await startDashboard();
    const page = await w.request("GET", "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toMatch(/^default-src 'self';/);
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // The terminal's stylesheets pass by a nonce fresh in every answer, never by 'unsafe-inline'.
    const nonceOf = (answer: typeof page) => {
      const inPolicy = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'$/.exec(
        String(answer.headers["content-security-policy"]),
      );
      expect(answer.text).toContain(`nonce="${inPolicy?.[1] ?? "missing"}"`);
      return inPolicy?.[1];
    };
    const again = await w.request("GET", "/");
    expect(nonceOf(again)).not.toBe(nonceOf(page));
    expect(page.headers["content-security-policy"]).not.toContain("unsafe-inline");
    expect((await w.request("GET", "/manifest.webmanifest")).headers["content-type"]).toBe(
      "application/manifest+json; charset=utf-8",
    );
    expect((await w.request("GET", "/app.js")).headers["content-type"]).toBe(
      "text/javascript; charset=utf-8",
    );
    expect((await w.request("GET", "/app.css")).headers["content-type"]).toBe("text/css; charset=utf-8");
    expect((await w.request("GET", "/assets/logo.svg")).headers["content-type"]).toBe("image/svg+xml");
    expect((await w.request("GET", "/missing.js")).status).toBe(404);
    expect((await w.request("GET", "/.env")).status).toBe(404);
    expect((await w.request("GET", "/assets/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
    expect((await w.request("GET", "/assets/../app.js")).status).toBe(400);

    const bare = await startDashboard(() => {}, { assetsDir: "/nonexistent/ao-web" });
    const missing = await bare.request("GET", "/");
    expect(missing.status).toBe(503);
    expect(missing.text).toContain("The dashboard page is not built");
    expect(missing.text).toContain("npm run build");
  });

  it("puts another layer's routes (the live terminal's) behind the same guard and cookie", async () => {
    const w = await startDashboard(withSession, {
      routes: () => [
        {
          kind: "read",
          method: "GET",
          path: "/api/sessions/:id/terminal",
          handle: (request) => ({ status: 200, body: { pane: true, id: request.params.id } }),
        },
      ],
    });
    expect((await w.request("GET", "/api/sessions/app-1/terminal")).status).toBe(401);
    const seen = await w.get("/api/sessions/app-1/terminal");
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.text)).toEqual({ pane: true, id: "app-1" });
    const foreign = await w.request("GET", "/api/sessions/app-1/terminal", {
      headers: { cookie: w.cookie, origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });
});

/** The first messages of the event stream, read for a moment (the stream itself never ends). */
async function readStream(port: number, cookie: string) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/events?since=0", headers: { host: `127.0.0.1:${port}`, cookie } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("event: fleet")) {
            req.destroy();
            resolve({ headers: res.headers, text });
          }
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
