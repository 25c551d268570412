import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupSessions } from "../../../src/core/sessions/cleanup-sessions.js";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import type { SpawnStep } from "../../../src/core/sessions/spawn-steps.js";
import { deadSpawner, makeSessionFixture, type SessionFixture } from "./session-fixture.js";

const INTERRUPTIBLE: SpawnStep[] = ["allocated", "workspace", "prompt", "runtime"];

class Interrupted extends Error {}

/** Spawns and stops dead right after `step` was recorded, as a kill -9 would (nothing is undone). */
async function interruptAfter(f: SessionFixture, step: SpawnStep, spawner = deadSpawner()): Promise<string> {
  const afterStep = (done: SpawnStep) => {
    if (done === step) throw new Interrupted(step);
  };
  await expect(
    spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" }, { afterStep, spawner }),
  ).rejects.toBeInstanceOf(Interrupted);
  return "app-1";
}

describe.each(INTERRUPTIBLE)("a spawn interrupted after step %s", (step) => {
  it("is finished by restore: one live agent in the checkout, status working", async () => {
    const f = makeSessionFixture();
    const id = await interruptAfter(f, step);
    expect(f.session(id)).toMatchObject({ status: "spawning", spawnStep: step });

    const result = await restoreSession(f.ctx, id);
    expect(result.action).toBe("finished_spawn");
    const session = f.session(id);
    expect(session).toMatchObject({ status: "working", spawnStep: "done" });
    expect(existsSync(session.worktree)).toBe(true);
    expect(existsSync(join(f.ctx.paths.prompts, id, "prompt.md"))).toBe(true);
    const live = [...f.runtime.processes.values()].filter(
      (p) => p.input.sessionId === id && p.state === "alive",
    );
    expect(live).toHaveLength(1);
  });

  it("is rolled back by cleanup: no runtime, no checkout, no prompt files, session errored", async () => {
    const f = makeSessionFixture();
    const id = await interruptAfter(f, step);
    const worktree = f.session(id).worktree;
    // An agent that already runs would be kept (see below); here it died with the spawn.
    const started = f.runtime.processOf(id);
    if (started) f.runtime.vanish(started.handle);

    const dryRun = await cleanupSessions(f.ctx, { dryRun: true });
    expect(dryRun).toEqual([
      expect.objectContaining({ session: id, action: "rolled_back_spawn", done: false }),
    ]);
    expect(f.session(id).status).toBe("spawning");

    const actions = await cleanupSessions(f.ctx);
    expect(actions).toEqual([
      expect.objectContaining({ session: id, action: "rolled_back_spawn", done: true }),
    ]);
    expect(f.session(id)).toMatchObject({ status: "errored", reason: `spawn_interrupted:${step}` });
    expect(existsSync(worktree)).toBe(false);
    expect(existsSync(join(f.ctx.paths.prompts, id))).toBe(false);
    expect([...f.runtime.processes.values()].every((p) => p.state !== "alive")).toBe(true);
  });
});

describe("recovery safety", () => {
  it("leaves a spawn alone while its process is alive, unless forced", async () => {
    const f = makeSessionFixture();
    const id = await interruptAfter(f, "workspace", {
      pid: process.pid,
      host: (await import("node:os")).hostname(),
    });
    await expect(restoreSession(f.ctx, id)).rejects.toMatchObject({ code: "E_SESSION_STATE" });
    expect(await cleanupSessions(f.ctx)).toEqual([
      expect.objectContaining({ session: id, action: "skipped", done: false }),
    ]);
    expect((await restoreSession(f.ctx, id, { force: true })).session.status).toBe("working");
  });

  it("marks a spawn interrupted after its agent started as working when the agent runs", async () => {
    const f = makeSessionFixture();
    const id = await interruptAfter(f, "runtime");
    expect(await cleanupSessions(f.ctx)).toEqual([
      expect.objectContaining({ session: id, action: "finished_spawn", done: true }),
    ]);
    expect(f.session(id).status).toBe("working");
    expect(f.runtime.processOf(id)?.state).toBe("alive");
  });

  it("kill rolls an interrupted spawn back entirely and marks it killed", async () => {
    const f = makeSessionFixture();
    const id = await interruptAfter(f, "prompt");
    const worktree = f.session(id).worktree;
    const result = await killSession(f.ctx, id);
    expect(result).toMatchObject({
      workspace: "removed",
      session: { status: "killed", reason: "killed_during_spawn" },
    });
    expect(existsSync(worktree)).toBe(false);
    expect(f.events(id).at(-1)).toMatchObject({ type: "session.killed", payload: { from: "spawning" } });
  });
});
