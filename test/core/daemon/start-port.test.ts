import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startDaemonInBackground } from "../../../src/core/daemon/start-daemon.js";
import { assertPortFree, plannedPort } from "../../../src/core/daemon/start-port.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A plain TCP server holding a port on 127.0.0.1, as another user's daemon would. */
async function occupiedPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1" }, resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

function contextIn(cwd: string) {
  return makeTestContext({ cwd, env: { HOME: makeTempDir("ao-person-") } });
}

function start(ctx: ReturnType<typeof contextIn>, options: { target?: string; port?: number }) {
  return startDaemonInBackground(ctx, { ...options, nodePath: process.execPath, readyTimeoutMs: 1 });
}

describe("ao start's port check", () => {
  it("refuses a taken --port before cloning a URL, and names --port", async () => {
    const port = await occupiedPort();
    const repo = makeTestRepo();
    const ctx = contextIn(makeTempDir("ao-nowhere-"));
    const failure = start(ctx, { target: `file://${repo.origin}`, port });
    await expect(failure).rejects.toMatchObject({ code: "E_DAEMON_FAILED" });
    await expect(failure).rejects.toThrow(`port ${port} on 127.0.0.1 (set by --port) is in use`);
    expect(existsSync(join(ctx.paths.home, "repos"))).toBe(false);
  });

  it("names the file and line of `port` when a checkout's config chose a taken port", async () => {
    const port = await occupiedPort();
    const repo = makeTestRepo();
    const config = join(repo.dir, "agent-orchestrator.yaml");
    writeFileSync(config, `# ours\nport: ${port}\nprojects:\n  app:\n    path: .\n`);
    const ctx = contextIn(repo.dir);
    await expect(start(ctx, { target: "." })).rejects.toThrow(`(set by \`port\` at ${config}:2) is in use`);
  });

  it("reads the port of an existing clone's config without touching the clone", async () => {
    const port = await occupiedPort();
    const repo = makeTestRepo();
    const ctx = contextIn(makeTempDir("ao-nowhere-"));
    const clone = join(ctx.paths.home, "repos", "origin");
    runGit(makeTempDir("ao-parent-"), ["clone", "-q", repo.origin, clone]);
    writeFileSync(join(clone, "agent-orchestrator.yaml"), `port: ${port}\nprojects:\n  app:\n    path: .\n`);
    expect(await plannedPort(ctx, { target: repo.origin })).toEqual({
      port,
      source: `\`port\` at ${join(clone, "agent-orchestrator.yaml")}:1`,
    });
  });

  it("plans the default port for a URL not cloned yet, and clones nothing to find out", async () => {
    const repo = makeTestRepo();
    const ctx = contextIn(makeTempDir("ao-nowhere-"));
    const planned = await plannedPort(ctx, { target: `file://${repo.origin}` });
    expect(planned).toEqual({
      port: 3000,
      source: "the default `port` of the config `ao init --auto` writes",
    });
    expect(existsSync(join(ctx.paths.home, "repos"))).toBe(false);
  });

  it("plans no port where there is no config and the start would write none", async () => {
    // The daemon then listens on the port its config gives (0 in tests), not on a guessed 3000.
    const ctx = contextIn(makeTempDir("ao-nowhere-"));
    expect(await plannedPort(ctx, {})).toBeUndefined();
    expect(await plannedPort(ctx, { target: "app" })).toBeUndefined();
    await expect(assertPortFree(undefined)).resolves.toBeUndefined();
  });

  it("plans no port from a config that does not load, leaving the start to report it", async () => {
    const dir = makeTempDir("ao-broken-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), "port: [\n");
    expect(await plannedPort(contextIn(dir), {})).toBeUndefined();
  });

  it("plans the default port inside a checkout with no config, which the start gives one", async () => {
    const repo = makeTestRepo();
    expect(await plannedPort(contextIn(repo.dir), {})).toEqual({
      port: 3000,
      source: "the default `port` of the config `ao init --auto` writes",
    });
  });

  it("lets a free port and port 0 through", async () => {
    await expect(assertPortFree({ port: 0, source: "--port" })).resolves.toBeUndefined();
    const port = await occupiedPort();
    await new Promise((resolve) => servers.pop()?.close(resolve));
    await expect(assertPortFree({ port, source: "--port" })).resolves.toBeUndefined();
  });
});
