import { afterEach, describe, expect, it } from "vitest";
import {
  HttpRefusal,
  hasBearerToken,
  startHttpServer,
  type HttpServer,
  type Route,
} from "../../../src/core/http/index.js";
import { httpRequest, httpRequestRaw } from "../daemon/http-client.js";

const TOKEN = "t".repeat(64);
const servers: HttpServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(routes: Route[]) {
  const logged: string[] = [];
  const server = await startHttpServer({
    port: 0,
    routes: [{ owner: "test", routes }],
    authorize: (request) => hasBearerToken(request, TOKEN),
    log: { error: (message) => logged.push(message) },
  });
  servers.push(server);
  return { port: server.port, logged };
}

const bearer = { authorization: `Bearer ${TOKEN}` };

describe("HTTP server over a route table", () => {
  it("asks for the token unless a route opts out", async () => {
    const { port } = await serve([
      { method: "GET", path: "/secret", handle: () => ({ status: 200, body: { secret: true } }) },
      { method: "GET", path: "/open", auth: "none", handle: () => ({ status: 200, body: { open: true } }) },
    ]);
    expect(await httpRequest(port, "GET", "/secret")).toEqual({
      status: 401,
      body: { error: "bad or missing token" },
    });
    expect(await httpRequest(port, "GET", "/secret", { headers: bearer })).toEqual({
      status: 200,
      body: { secret: true },
    });
    expect(await httpRequest(port, "GET", "/open")).toEqual({ status: 200, body: { open: true } });
  });

  it("checks the Host header before anything else, on every route", async () => {
    const { port } = await serve([
      { method: "GET", path: "/open", auth: "none", handle: () => ({ status: 200, body: {} }) },
    ]);
    for (const host of ["evil.example", "127.0.0.1.evil.example:80", "localhost.evil:1"]) {
      expect((await httpRequest(port, "GET", "/open", { headers: { host } })).status, host).toBe(403);
      expect((await httpRequest(port, "GET", "/nope", { headers: { host } })).status, host).toBe(403);
    }
    expect((await httpRequest(port, "GET", "/open", { headers: { host: `LOCALHOST:${port}` } })).status).toBe(
      200,
    );
    // A loopback name with another port is some other server's page (DNS rebinding): refused.
    for (const host of [`127.0.0.1:${port + 1}`, "localhost", `localhost:${port}0`]) {
      expect((await httpRequest(port, "GET", "/open", { headers: { host } })).status, host).toBe(403);
    }
  });

  it("challenges a 401 per RFC 6750, so clients say the token is wrong instead of trying OAuth", async () => {
    const { port } = await serve([
      { method: "GET", path: "/secret", handle: () => ({ status: 200, body: {} }) },
    ]);
    const missing = await httpRequestRaw(port, "GET", "/secret");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe(
      'Bearer realm="ao", error_description="bad or missing token"',
    );
    const wrong = await httpRequestRaw(port, "GET", "/secret", { headers: { authorization: "Bearer nope" } });
    expect(wrong.headers["www-authenticate"]).toBe(
      'Bearer realm="ao", error="invalid_token", error_description="bad or missing token"',
    );
  });

  it("answers 404 naming only the request, and 405 with the methods the path takes", async () => {
    const { port } = await serve([
      { method: "POST", path: "/cycle", handle: () => ({ status: 200, body: {} }) },
      { method: "DELETE", path: "/cycle", handle: () => ({ status: 200, body: {} }) },
    ]);
    expect(await httpRequest(port, "GET", "/nope?token=x")).toEqual({
      status: 404,
      body: { error: "no route for GET /nope" },
    });
    const wrong = await httpRequestRaw(port, "GET", "/cycle");
    expect(wrong.status).toBe(405);
    expect(wrong.headers["allow"]).toBe("POST, DELETE");
    expect(JSON.parse(wrong.text)).toEqual({ error: "GET is not allowed on /cycle" });
    expect((await httpRequest(port, "GET", "/a/%zz")).status).toBe(400);
  });

  it("hands a handler its parameters, query and body", async () => {
    const { port } = await serve([
      {
        method: "POST",
        path: "/api/sessions/:id/send",
        handle: async (request) => ({
          status: 201,
          body: {
            id: request.params["id"],
            wait: request.query.get("wait"),
            text: (await request.body()).toString("utf8"),
          },
          headers: { "x-turn": "t-1" },
        }),
      },
    ]);
    const answer = await httpRequestRaw(port, "POST", "/api/sessions/app-1/send?wait=1", {
      headers: bearer,
      body: "héllo",
    });
    expect(answer.status).toBe(201);
    expect(answer.headers["x-turn"]).toBe("t-1");
    expect(JSON.parse(answer.text)).toEqual({ id: "app-1", wait: "1", text: "héllo" });
  });

  it("caps every body (1 MB unless the route says otherwise) and closes the connection after 413", async () => {
    const echo = (request: Parameters<Route["handle"]>[0]) =>
      request.body().then((body) => ({ status: 200, body: { bytes: body.length } }));
    const { port } = await serve([
      { method: "POST", path: "/default", handle: echo },
      { method: "POST", path: "/small", maxBodyBytes: 10, handle: echo },
    ]);
    const mb = Buffer.alloc(1024 * 1024, "x");
    expect(await httpRequest(port, "POST", "/default", { headers: bearer, body: mb })).toEqual({
      status: 200,
      body: { bytes: mb.length },
    });
    const over = await httpRequestRaw(port, "POST", "/default", {
      headers: bearer,
      body: Buffer.concat([mb, Buffer.from("x")]),
    });
    expect(over.status).toBe(413);
    expect(over.headers["connection"]).toBe("close");
    // Chunked: no Content-Length to refuse on, so the bytes read are counted.
    const chunked = { ...bearer, "transfer-encoding": "chunked" };
    expect(
      (await httpRequest(port, "POST", "/small", { headers: chunked, body: "01234567890" })).status,
    ).toBe(413);
    expect(await httpRequest(port, "POST", "/small", { headers: bearer, body: "0123456789" })).toEqual({
      status: 200,
      body: { bytes: 10 },
    });
  });

  it("sends a refusal's status and message, and logs a failure without the body", async () => {
    const { port, logged } = await serve([
      {
        method: "POST",
        path: "/refuse",
        handle: () => {
          throw new HttpRefusal(409, "busy: turn t-7 is running");
        },
      },
      {
        method: "POST",
        path: "/fail",
        handle: async (request) => {
          await request.body();
          throw new Error("the store is locked");
        },
      },
    ]);
    expect(await httpRequest(port, "POST", "/refuse", { headers: bearer })).toEqual({
      status: 409,
      body: { error: "busy: turn t-7 is running" },
    });
    expect(await httpRequest(port, "POST", "/fail", { headers: bearer, body: "secret-body-text" })).toEqual({
      status: 500,
      body: { error: "internal error" },
    });
    expect(logged).toEqual(["http POST /fail failed: the store is locked"]);
  });

  it("lets a handler answer on the raw response (a stream), and calls a missing answer a failure", async () => {
    const { port, logged } = await serve([
      {
        method: "GET",
        path: "/events",
        handle: (request) => {
          const { response } = request.raw;
          response.writeHead(200, { "content-type": "text/event-stream" });
          response.end("id: 1\ndata: {}\n\n");
          return undefined;
        },
      },
      { method: "GET", path: "/silent", handle: () => undefined },
    ]);
    const stream = await httpRequestRaw(port, "GET", "/events", { headers: bearer });
    expect(stream).toMatchObject({ status: 200, text: "id: 1\ndata: {}\n\n" });
    expect(stream.headers["content-type"]).toBe("text/event-stream");
    expect((await httpRequest(port, "GET", "/silent", { headers: bearer })).status).toBe(500);
    expect(logged).toEqual(["http GET /silent failed: the route gave no answer"]);
  });

  it("keeps a connection open after an answer whose request was read", async () => {
    const { port } = await serve([
      { method: "GET", path: "/open", auth: "none", handle: () => ({ status: 200, body: {} }) },
    ]);
    expect((await httpRequestRaw(port, "GET", "/open")).headers["connection"]).toBe("keep-alive");
  });
});
