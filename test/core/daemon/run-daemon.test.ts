import { statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import type { DaemonInfo } from "../../../src/core/daemon-state/daemon-files.js";
import { daemonFiles, readDaemonToken } from "../../../src/core/daemon-state/daemon-files.js";
import { isDaemonLockHeld } from "../../../src/core/daemon-state/daemon-lock.js";
import type { RouteMount } from "../../../src/core/daemon/daemon-mount.js";
import { readDaemonStatus } from "../../../src/core/daemon-state/daemon-status.js";
import { runDaemon, type RunDaemonOptions } from "../../../src/core/daemon/run-daemon.js";
import { signGitHubPayload } from "../../../src/plugins/scm/github/webhook-signature.js";
import {
  claimDueReactions,
  insertReactionIfNew,
  listReactions,
  writeTransaction,
} from "../../../src/core/store/index.js";
import {
  addSession,
  githubAppYaml,
  makeDaemonWorld,
  readyOrFailure,
  recordingCycle,
} from "./daemon-fixture.js";
import { httpRequest } from "./http-client.js";

const SECRET = "hook-secret";

function startInProcess(world: ReturnType<typeof makeDaemonWorld>, extra: Partial<RunDaemonOptions> = {}) {
  const controller = new AbortController();
  const cycle = recordingCycle();
  let ready!: (info: DaemonInfo) => void;
  const ready$ = new Promise<DaemonInfo>((resolve) => (ready = resolve));
  const done = runDaemon(world.ctx, {
    signal: controller.signal,
    pid: 4242,
    version: "0.0.0-test",
    openEngine: () => Promise.resolve(world.engine),
    runCycle: cycle.runCycle,
    onReady: ready,
    ...extra,
  });
  return { controller, cycle, readyInfo: readyOrFailure(ready$, done), done };
}

/** A listener on 127.0.0.1:3000, or undefined when another process holds that port already. */
async function holdPort3000(): Promise<Server | undefined> {
  const server = createServer();
  const held = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen({ port: 3000, host: "127.0.0.1" }, () => resolve(true));
  });
  return held ? server : undefined;
}

describe("runDaemon", () => {
  it("says on /health that the last cycle failed, but not why", async () => {
    const world = makeDaemonWorld();
    const failing = () => Promise.reject(new Error("gh answered 401 for token ghp_leaky at /home/me/repo"));
    const daemon = startInProcess(world, { runCycle: failing });
    const info = await daemon.readyInfo;
    let health = await httpRequest(info.port, "GET", "/health");
    while ((health.body as { lastCycle: unknown }).lastCycle === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      health = await httpRequest(info.port, "GET", "/health");
    }
    expect(health.body).toMatchObject({ ok: true, pid: 4242, lastCycle: { lastCycleFailed: true } });
    expect(JSON.stringify(health.body)).not.toMatch(/ghp_leaky|401|error/);
    daemon.controller.abort();
    expect(await daemon.done).toBe(0);
  });

  it("takes the lock, serves, answers webhooks with a cycle, and cleans up on abort", async () => {
    const world = makeDaemonWorld(githubAppYaml(), { AO_GITHUB_WEBHOOK_SECRET: SECRET });
    addSession(world.engine.store, "app-1", { branch: "feat/x" });
    const daemon = startInProcess(world);
    const info = await daemon.readyInfo;
    const files = daemonFiles(world.ctx.paths);

    expect(info).toMatchObject({ pid: 4242, version: "0.0.0-test", configPath: world.engine.config.path });
    expect(statSync(files.info).mode & 0o777).toBe(0o600);
    expect(statSync(files.token).mode & 0o777).toBe(0o600);
    expect(await readDaemonStatus(world.ctx)).toMatchObject({ running: true, pid: 4242, port: info.port });

    // Let the first (full) cycle finish, so the webhook's cycle is not absorbed by a queued full one.
    while (daemon.cycle.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const body = JSON.stringify({ repository: { full_name: "acme/widgets" }, ref: "refs/heads/feat/x" });
    const headers = { "x-hub-signature-256": signGitHubPayload(SECRET, body), "x-github-event": "push" };
    const hook = await httpRequest(info.port, "POST", "/webhooks/github", { headers, body });
    expect(hook).toMatchObject({ status: 202, body: { sessions: ["app-1"] } });

    const token = await readDaemonToken(files);
    const now = await httpRequest(info.port, "POST", "/cycle", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(now.status).toBe(200);
    // Webhook cycles are scoped to the matching sessions; the first and the /cycle ones are full.
    expect(daemon.cycle.calls).toContainEqual(["app-1"]);
    // …and fresh: the event may be a check run on the same head, which the scm's cache cannot see.
    expect(daemon.cycle.options).toContainEqual({ sessionIds: ["app-1"], fresh: true });
    expect(daemon.cycle.options.filter((asked) => asked?.fresh === true)).toHaveLength(1);
    expect((await httpRequest(info.port, "GET", "/health")).body).toMatchObject({ ok: true, pid: 4242 });

    daemon.controller.abort();
    expect(await daemon.done).toBe(0);
    expect(isDaemonLockHeld(files.lock)).toBe(false);
    expect(await readDaemonStatus(world.ctx)).toMatchObject({ running: false });
    expect(world.ctx.stderr.text()).toContain("daemon stopped");
  });

  it("mounts the route sets it is given beside core's, behind the daemon token", async () => {
    const world = makeDaemonWorld();
    const ping: RouteMount = (daemon) => ({
      owner: "control plane",
      routes: [
        { method: "GET", path: "/mcp/ping", handle: () => ({ status: 200, body: { pid: daemon.pid } }) },
      ],
    });
    const daemon = startInProcess(world, { mounts: [ping] });
    const info = await daemon.readyInfo;
    expect((await httpRequest(info.port, "GET", "/mcp/ping")).status).toBe(401);
    const token = await readDaemonToken(daemonFiles(world.ctx.paths));
    const answer = await httpRequest(info.port, "GET", "/mcp/ping", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer).toEqual({ status: 200, body: { pid: 4242 } });
    daemon.controller.abort();
    expect(await daemon.done).toBe(0);
  });

  it("listens on its config's port 0 while port 3000 is taken by another process", async () => {
    const holder = await holdPort3000();
    try {
      const world = makeDaemonWorld();
      const daemon = startInProcess(world);
      const info = await daemon.readyInfo;
      expect(info.port).not.toBe(3000);
      expect((await httpRequest(info.port, "GET", "/health")).status).toBe(200);
      daemon.controller.abort();
      expect(await daemon.done).toBe(0);
    } finally {
      if (holder !== undefined) await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("refuses a second daemon on the same AO_HOME, naming the first one's pid", async () => {
    const world = makeDaemonWorld();
    const first = startInProcess(world);
    await first.readyInfo;
    const second = startInProcess(world, { pid: 5151 });
    await expect(second.done).rejects.toThrow("already running (pid 4242)");
    first.controller.abort();
    expect(await first.done).toBe(0);
  });

  it("puts reactions a dead daemon left in flight back to pending, once, at start", async () => {
    const world = makeDaemonWorld();
    addSession(world.engine.store, "app-1");
    writeTransaction(world.engine.store, (tx) => {
      insertReactionIfNew(tx, { sessionId: "app-1", reactionKey: "ci-failed", dedupeKey: "app-1:ci:abc" });
      claimDueReactions(tx);
    });
    expect(listReactions(world.engine.store).map((r) => r.status)).toEqual(["delivering"]);
    const daemon = startInProcess(world);
    await daemon.readyInfo;
    expect(listReactions(world.engine.store).map((r) => r.status)).toEqual(["pending"]);
    expect(world.ctx.stderr.text()).toContain("released 1 reaction(s)");
    daemon.controller.abort();
    await daemon.done;
  });

  it("refuses a project that is not in the config before serving", async () => {
    const world = makeDaemonWorld();
    const daemon = startInProcess(world, { target: "nope" });
    await expect(daemon.done).rejects.toThrow("no project nope");
    expect(isDaemonLockHeld(daemonFiles(world.ctx.paths).lock)).toBe(false);
  });
});
