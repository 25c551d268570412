import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { AoError } from "../../../src/core/errors.js";
import { CycleQueue } from "../../../src/core/daemon/cycle-queue.js";
import type { CycleOptions } from "../../../src/core/daemon/cycle-types.js";
import { createDaemonLog } from "../../../src/core/daemon/daemon-log.js";
import type { RouteMount } from "../../../src/core/daemon/daemon-mount.js";
import { startDaemonServer, type DaemonServer } from "../../../src/core/daemon/daemon-server.js";
import { serveDaemon } from "../../../src/core/daemon/serve-daemon.js";
import { signGitHubPayload } from "../../../src/plugins/scm/github/webhook-signature.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { addSession, githubAppYaml, makeDaemonWorld, report } from "./daemon-fixture.js";
import { httpRequest } from "./http-client.js";

const SECRET = "s3cret-for-tests";
const TOKEN = "a".repeat(64);
const servers: DaemonServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The daemon's real route sets (core's, the scm webhooks) over a queue that records its cycles. */
async function serve(
  options: { env?: Record<string, string>; yaml?: string; mounts?: RouteMount[]; project?: string } = {},
) {
  const yaml = (options.yaml ?? githubAppYaml()).replace(
    "daemon:\n",
    "daemon:\n  webhookSecretEnv: HOOK_SECRET\n",
  );
  const { ctx, engine } = makeDaemonWorld(yaml, options.env ?? { HOOK_SECRET: SECRET });
  addSession(engine.store, "app-1", { branch: "feat/x" });
  const cycles: CycleOptions[] = [];
  const queue = new CycleQueue((asked) => {
    cycles.push(asked);
    return Promise.resolve(report(ctx.clock.now(), asked.sessionIds?.length ?? 0));
  });
  const log = createDaemonLog(ctx);
  const server = await serveDaemon(ctx, engine, {
    queue,
    token: TOKEN,
    log,
    pid: 42,
    project: options.project,
    mounts: options.mounts,
  });
  servers.push(server);
  return { ctx, server, cycles };
}

const payload = JSON.stringify({
  repository: { full_name: "acme/widgets" },
  pull_request: { number: 3, head: { ref: "feat/x" } },
});

function webhook(port: number, signature: string | undefined, body = payload, path = "/webhooks/github") {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-github-event": "pull_request",
  };
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  return httpRequest(port, "POST", path, { headers, body });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("daemon HTTP server", () => {
  it("accepts a correctly signed webhook with 202 and queues a fresh cycle for its sessions", async () => {
    const { server, cycles } = await serve();
    const answer = await webhook(server.port, signGitHubPayload(SECRET, payload));
    expect(answer).toEqual({
      status: 202,
      body: { accepted: true, event: "pull_request", sessions: ["app-1"] },
    });
    await settle();
    expect(cycles).toEqual([{ sessionIds: ["app-1"], fresh: true }]);
  });

  it("acts on a signed delivery once: replays (same id, or a new id on the same body) are 200-ignored", async () => {
    const { ctx, server, cycles } = await serve();
    const send = (delivery: string) =>
      httpRequest(server.port, "POST", "/webhooks/github", {
        headers: {
          "content-type": "application/json",
          "x-github-event": "pull_request",
          "x-github-delivery": delivery,
          "x-hub-signature-256": signGitHubPayload(SECRET, payload),
        },
        body: payload,
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send("d-1"));
    answers.push(await send("d-2"));
    expect(answers.map((answer) => answer.status)).toEqual([202, 200, 200, 200, 200, 200]);
    expect(answers[1]?.body).toEqual({ ignored: true, reason: "duplicate delivery", delivery: "d-1" });
    await settle();
    expect(cycles).toEqual([{ sessionIds: ["app-1"], fresh: true }]);
    expect(ctx.stderr.text()).toContain("webhook ignored: delivery d-1");
  });

  it("refuses a bad or missing signature with 401, logs it, and never logs the body", async () => {
    const { ctx, server, cycles } = await serve();
    expect((await webhook(server.port, signGitHubPayload("wrong", payload))).status).toBe(401);
    expect((await webhook(server.port, undefined)).status).toBe(401);
    await settle();
    expect(cycles).toEqual([]);
    const log = ctx.stderr.text();
    expect(log.match(/webhook refused: bad signature \(event pull_request/g)).toHaveLength(2);
    expect(log).not.toContain("feat/x");
    expect(JSON.stringify(ctx.logger.records)).not.toContain("feat/x");
  });

  it("refuses webhooks with 401 and one hint when no secret is configured", async () => {
    const { ctx, server } = await serve({ env: {} });
    expect((await webhook(server.port, signGitHubPayload(SECRET, payload))).status).toBe(401);
    expect((await webhook(server.port, signGitHubPayload(SECRET, payload))).status).toBe(401);
    expect(ctx.stderr.text().match(/set HOOK_SECRET/g)).toHaveLength(1);
  });

  it("answers 400 to a signed body that is not JSON", async () => {
    const { server } = await serve();
    expect((await webhook(server.port, signGitHubPayload(SECRET, "a=b"), "a=b")).status).toBe(400);
  });

  it("answers 413 to a webhook that says its body is over 25 MB, before reading it", async () => {
    const { server } = await serve();
    const headers = { "content-length": String(25 * 1024 * 1024 + 1) };
    expect((await httpRequest(server.port, "POST", "/webhooks/github", { headers })).status).toBe(413);
    // Larger than a control request may be (1 MB), well within what a forge sends.
    const large = JSON.stringify({ ...JSON.parse(payload), padding: "x".repeat(2 * 1024 * 1024) });
    expect((await webhook(server.port, signGitHubPayload(SECRET, large), large)).status).toBe(202);
  });

  it("mounts a webhook route only for a configured scm that parses webhooks", async () => {
    // `tools` is on scm/local, which offers no parseWebhook; no project is on GitHub here.
    const { server } = await serve({ yaml: githubAppYaml().replace("scm: github", "scm: local") });
    expect((await webhook(server.port, signGitHubPayload(SECRET, payload))).status).toBe(404);
    expect(
      (await webhook(server.port, signGitHubPayload(SECRET, payload), payload, "/webhooks/local")).status,
    ).toBe(404);
  });

  it("matches only the sessions of the project a scoped daemon watches", async () => {
    const { server } = await serve({ project: "tools" });
    // `app` is the GitHub project, and this daemon does not watch it: no receiver, no route.
    expect((await webhook(server.port, signGitHubPayload(SECRET, payload))).status).toBe(404);
  });

  it("runs a cycle on POST /cycle only with the bearer token", async () => {
    const { server, cycles } = await serve();
    expect((await httpRequest(server.port, "POST", "/cycle")).status).toBe(401);
    const wrong = { authorization: `Bearer ${"b".repeat(64)}` };
    expect((await httpRequest(server.port, "POST", "/cycle", { headers: wrong })).status).toBe(401);
    const right = await httpRequest(server.port, "POST", "/cycle", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right).toMatchObject({ status: 200, body: { ok: true, report: { sessions: 0, errors: [] } } });
    expect(cycles).toEqual([{}]);
  });

  it("answers health, 404 elsewhere, and 403 to a foreign Host header", async () => {
    const { server } = await serve();
    expect(await httpRequest(server.port, "GET", "/health")).toEqual({
      status: 200,
      body: { ok: true, pid: 42, lastCycle: null },
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

  it("serves a mounted layer's routes behind the daemon token, with their parameters", async () => {
    const sessions: RouteMount = (daemon) => ({
      owner: "dashboard",
      routes: [
        {
          method: "GET",
          path: "/api/sessions/:id",
          handle: (request) => ({ status: 200, body: { id: request.params["id"], pid: daemon.pid } }),
        },
      ],
    });
    const { server } = await serve({ mounts: [sessions] });
    expect((await httpRequest(server.port, "GET", "/api/sessions/app-1")).status).toBe(401);
    const answer = await httpRequest(server.port, "GET", "/api/sessions/app-1", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer).toEqual({ status: 200, body: { id: "app-1", pid: 42 } });
  });

  it("refuses to mount a route that collides with core's, naming both owners", async () => {
    const health: RouteMount = () => ({
      owner: "dashboard",
      routes: [{ method: "GET", path: "/health", auth: "none", handle: () => ({ status: 200, body: {} }) }],
    });
    await expect(serve({ mounts: [health] })).rejects.toThrow(
      "route GET /health of dashboard collides with one of core",
    );
  });
});

describe("daemon HTTP server start", () => {
  it("says which port is taken instead of crashing", async () => {
    const { server } = await serve();
    const ctx = makeTestContext();
    const starting = startDaemonServer({
      port: server.port,
      token: TOKEN,
      log: createDaemonLog(ctx),
      routes: [],
    });
    await expect(starting).rejects.toThrow(`port ${server.port} on 127.0.0.1 is in use`);
  });

  it("names the process holding the port (pid and command, from /proc) and how to choose another", async () => {
    const { server } = await serve();
    const ctx = makeTestContext();
    const error = await startDaemonServer({
      port: server.port,
      token: TOKEN,
      log: createDaemonLog(ctx),
      routes: [],
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as AoError,
    );
    const command = readFileSync(`/proc/${process.pid}/cmdline`, "utf8")
      .split("\0")
      .filter(Boolean)
      .join(" ");
    expect(error?.message).toBe(
      `port ${server.port} on 127.0.0.1 is in use by pid ${process.pid} (${command.slice(0, 200)})`,
    );
    expect(error?.hint).toContain("--port N");
    expect(error?.hint).toContain(`stop pid ${process.pid}`);
    expect(error?.details).toMatchObject({ port: server.port, holderPid: process.pid });
  });
});
