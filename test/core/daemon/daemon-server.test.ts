import { afterEach, describe, expect, it } from "vitest";
import { createDaemonLog } from "../../../src/core/daemon/daemon-log.js";
import { startDaemonServer, type DaemonServer } from "../../../src/core/daemon/daemon-server.js";
import { signGithubPayload } from "../../../src/core/daemon/verify-signature.js";
import { createWebhookHandler } from "../../../src/core/daemon/webhook-route.js";
import type { WebhookTargets } from "../../../src/core/daemon/webhook-targets.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { httpRequest } from "./http-client.js";

const SECRET = "s3cret-for-tests";
const TOKEN = "a".repeat(64);
const servers: DaemonServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(env: Record<string, string> = { HOOK_SECRET: SECRET }) {
  const ctx = makeTestContext();
  const log = createDaemonLog(ctx);
  const dispatched: WebhookTargets[] = [];
  let cycles = 0;
  const server = await startDaemonServer({
    port: 0,
    token: TOKEN,
    log,
    webhook: createWebhookHandler({
      secretEnv: "HOOK_SECRET",
      env,
      log,
      dispatch: (targets) => {
        dispatched.push(targets);
        return ["app-1"];
      },
    }),
    runCycleNow: () => Promise.resolve({ cycle: ++cycles }),
    health: () => ({ ok: true, pid: 42 }),
  });
  servers.push(server);
  return { ctx, server, dispatched, cycles: () => cycles };
}

const payload = JSON.stringify({
  repository: { full_name: "acme/widgets" },
  pull_request: { number: 3, head: { ref: "feat/x" } },
});

function webhook(port: number, signature: string | undefined, body = payload) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-github-event": "pull_request",
  };
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  return httpRequest(port, "POST", "/webhooks/github", { headers, body });
}

describe("daemon HTTP server", () => {
  it("accepts a correctly signed webhook with 202 and dispatches its targets", async () => {
    const { server, dispatched } = await serve();
    const answer = await webhook(server.port, signGithubPayload(SECRET, payload));
    expect(answer).toEqual({
      status: 202,
      body: { accepted: true, event: "pull_request", sessions: ["app-1"] },
    });
    expect(dispatched).toEqual([{ repo: "acme/widgets", branches: ["feat/x"], pullRequests: [3] }]);
  });

  it("refuses a bad or missing signature with 401, logs it, and never logs the body", async () => {
    const { ctx, server, dispatched } = await serve();
    expect((await webhook(server.port, signGithubPayload("wrong", payload))).status).toBe(401);
    expect((await webhook(server.port, undefined)).status).toBe(401);
    expect(dispatched).toEqual([]);
    const log = ctx.stderr.text();
    expect(log.match(/webhook refused: bad signature/g)).toHaveLength(2);
    expect(log).not.toContain("feat/x");
    expect(JSON.stringify(ctx.logger.records)).not.toContain("feat/x");
  });

  it("refuses webhooks with 401 and one hint when no secret is configured", async () => {
    const { ctx, server } = await serve({});
    expect((await webhook(server.port, signGithubPayload(SECRET, payload))).status).toBe(401);
    expect((await webhook(server.port, signGithubPayload(SECRET, payload))).status).toBe(401);
    expect(ctx.stderr.text().match(/set HOOK_SECRET/g)).toHaveLength(1);
  });

  it("answers 400 to a signed body that is not JSON", async () => {
    const { server } = await serve();
    expect((await webhook(server.port, signGithubPayload(SECRET, "a=b"), "a=b")).status).toBe(400);
  });

  it("runs a cycle on POST /cycle only with the bearer token", async () => {
    const { server, cycles } = await serve();
    expect((await httpRequest(server.port, "POST", "/cycle")).status).toBe(401);
    const wrong = { authorization: `Bearer ${"b".repeat(64)}` };
    expect((await httpRequest(server.port, "POST", "/cycle", { headers: wrong })).status).toBe(401);
    const right = await httpRequest(server.port, "POST", "/cycle", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right).toEqual({ status: 200, body: { ok: true, report: { cycle: 1 } } });
    expect(cycles()).toBe(1);
  });

  it("answers health, 404 elsewhere, and 403 to a foreign Host header", async () => {
    const { server } = await serve();
    expect(await httpRequest(server.port, "GET", "/health")).toEqual({
      status: 200,
      body: { ok: true, pid: 42 },
    });
    const localhost = { host: `localhost:${server.port}` };
    expect((await httpRequest(server.port, "GET", "/health", { headers: localhost })).status).toBe(200);
    expect((await httpRequest(server.port, "GET", "/nope")).status).toBe(404);
    const rebinding = { host: "evil.example:80" };
    expect((await httpRequest(server.port, "GET", "/health", { headers: rebinding })).status).toBe(403);
    expect(
      (
        await httpRequest(server.port, "POST", "/cycle", {
          headers: { ...rebinding, authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(403);
  });
});

describe("daemon HTTP server start", () => {
  it("says which port is taken instead of crashing", async () => {
    const { server } = await serve();
    const ctx = makeTestContext();
    const log = createDaemonLog(ctx);
    const starting = startDaemonServer({
      port: server.port,
      token: TOKEN,
      log,
      webhook: () => ({ status: 500, body: {} }),
      runCycleNow: () => Promise.resolve(undefined),
      health: () => ({}),
    });
    await expect(starting).rejects.toThrow(`port ${server.port} on 127.0.0.1 is in use`);
  });
});
