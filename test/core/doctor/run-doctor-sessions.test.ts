import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runDoctor } from "../../../src/core/doctor/run-doctor.js";
import type { SessionStatus } from "../../../src/core/store/index.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../../src/core/store/index.js";
import { preTrustWorktree } from "../../../src/plugins/agent/claude-code/pre-trust.js";
import { tmuxSocketPath } from "../../../src/plugins/_shared/tmux-client.js";
import { sessionCreated } from "../../helpers/events.js";
import { killTmuxServer, runTmux } from "../../helpers/tmux.js";
import { GITHUB_PROJECT, host, setup, TOKEN } from "./doctor-setup.js";

/** Issue 25: what made `ao doctor` say "ready" while sessions or the agent CLI were not. */
const sockets: string[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) killTmuxServer(socket);
});

function readyContext(yaml = GITHUB_PROJECT) {
  return setup({ yaml, env: { GITHUB_TOKEN: TOKEN } });
}

function addSession(ctx: ReturnType<typeof setup>, id: string, status: SessionStatus, handle?: string) {
  const store = openStore(ctx);
  const row = {
    id,
    project: "widgets",
    branch: `ao/${id}`,
    worktree: join(ctx.cwd, id),
    agent: "claude-code",
  };
  const runtimeHandle = handle === undefined ? null : { runtime: "tmux", id: handle };
  const spawnStep = status === "spawning" ? "workspace" : "done";
  try {
    writeTransaction(store, (tx) =>
      insertSession(tx, { ...row, runtime: "tmux", status, spawnStep, runtimeHandle }, sessionCreated()),
    );
  } finally {
    closeStore(store);
  }
}

const checkOf = (report: Awaited<ReturnType<typeof runDoctor>>, id: string) =>
  report.checks.find((check) => check.id === id);

describe("runDoctor: sessions, the agent's set-up and notifications (issue 25)", () => {
  it("warns about an interrupted spawn with restore and cleanup as the fix", async () => {
    const ctx = readyContext();
    addSession(ctx, "widgets-1", "spawning");
    const report = await runDoctor(ctx, { host });
    expect(checkOf(report, "interrupted-spawns")).toMatchObject({
      status: "warn",
      detail: "1 spawn(s) stopped part-way: widgets-1 (after step workspace)",
    });
    expect(checkOf(report, "interrupted-spawns")?.fix).toContain("ao session restore widgets-1");
    expect(report.summary.warn).toBe(1);
  });

  it("warns about agents on ao's tmux server that no live session knows, with how to stop each", async () => {
    const ctx = readyContext();
    const socket = tmuxSocketPath(ctx.paths);
    sockets.push(socket);
    const start = (name: string) =>
      runTmux(socket, ["-f", "/dev/null", "new-session", "-d", "-s", name, "sleep", "600"]);
    for (const name of ["widgets-1", "widgets-2", "widgets-3", "scratch"]) start(name);
    addSession(ctx, "widgets-1", "working", "widgets-1");
    addSession(ctx, "widgets-2", "killed", "widgets-2");
    // Its tmux session starts before the spawn records the handle: known by its id.
    addSession(ctx, "widgets-3", "spawning");
    const report = await runDoctor(ctx, { host });
    const orphans = checkOf(report, "orphan-agents");
    expect(orphans).toMatchObject({
      status: "warn",
      detail:
        "2 agent(s) run that no live session knows, so nothing watches them: scratch (no session), widgets-2 (session killed)",
    });
    expect(orphans?.fix).toContain(
      "`ao session cleanup` stops the agents of killed, merged and closed sessions",
    );
    expect(orphans?.fix).toContain(`tmux -S ${socket} kill-session -t =scratch`);
  });

  it("is ok when every agent on ao's tmux server belongs to a live session", async () => {
    const ctx = readyContext();
    const socket = tmuxSocketPath(ctx.paths);
    sockets.push(socket);
    runTmux(socket, ["-f", "/dev/null", "new-session", "-d", "-s", "widgets-1", "sleep", "600"]);
    addSession(ctx, "widgets-1", "working", "widgets-1");
    const report = await runDoctor(ctx, { host });
    expect(checkOf(report, "orphan-agents")).toMatchObject({
      status: "ok",
      detail: "1 agent(s) running, each for a live session",
    });
  });

  it("fails a Claude Code that never finished its first-run set-up, even after ao pre-trusted a worktree", async () => {
    const ctx = readyContext();
    const stateFile = join(ctx.cwd, ".claude.json");
    rmSync(stateFile);
    preTrustWorktree(stateFile, join(ctx.cwd, "widgets-1"));
    const report = await runDoctor(ctx, { host });
    expect(checkOf(report, "agent:claude-code:onboarding")).toMatchObject({
      status: "fail",
      fix: "run `claude` once in a terminal and finish its set-up (theme, sign-in), then exit it",
    });
    expect(report.ok).toBe(false);
  });

  it("warns when no notifier is configured, at the key to add one", async () => {
    const ctx = readyContext(`${GITHUB_PROJECT}defaults:\n  notifiers: []\n`);
    const report = await runDoctor(ctx, { host });
    expect(checkOf(report, "notifiers")).toMatchObject({
      status: "warn",
      source: { keyPath: "defaults.notifiers", file: "agent-orchestrator.yaml", line: 8, column: 14 },
    });
    expect(checkOf(report, "notifiers")?.detail).toContain("every notification is dropped");
    expect(checkOf(report, "notifiers")?.fix).toBe(
      "add a notifier to defaults.notifiers (built in: desktop, slack, webhook), or configure one under notifiers: and route to it",
    );
  });

  it("warns about priorities that reach no notifier", async () => {
    const yaml = `${GITHUB_PROJECT}defaults:\n  notifiers: []\nnotificationRouting:\n  urgent: [desktop]\n`;
    const report = await runDoctor(readyContext(yaml), { host });
    expect(checkOf(report, "notifiers")).toMatchObject({
      status: "warn",
      detail: "no notifier hears action, warning, info notifications: they are dropped",
    });
  });
});
