import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { makeE2e, tmuxSessions, worktreeCount, type E2e } from "./e2e-fixture.js";

const STEPS = ["allocated", "workspace", "prompt", "runtime"] as const;

/**
 * A real `ao spawn` killed with SIGKILL right after it recorded `step`, through the documented test
 * hook AO_TEST_CRASH_AFTER_STEP (src/core/sessions/spawner.ts): nothing of the spawn is undone.
 */
function crashAfter(e2e: E2e, step: string): void {
  const result = e2e.ao(["spawn", "app", "Fix the login bug"], { env: { AO_TEST_CRASH_AFTER_STEP: step } });
  expect(result.exitCode, `ao spawn should have been killed: ${result.stderr}`).toBe(-1);
  expect(result.stdout).toBe("");
  expect(e2e.sessions()).toEqual([
    expect.objectContaining({ id: "app-1", status: "spawning", spawnStep: step }),
  ]);
}

describe.each(STEPS)("ao spawn killed with SIGKILL after step %s", (step) => {
  it("is finished by `ao session restore`", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    crashAfter(e2e, step);
    const restored = e2e.ao(["session", "restore", "app-1"]);
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(restored.stdout).toBe("app-1: interrupted spawn finished\n");
    const [session] = e2e.sessions();
    expect(session).toMatchObject({ status: "working", spawnStep: "done", runtime: { liveness: "alive" } });
    expect(runGit(e2e.worktree("app-1"), ["rev-parse", "--abbrev-ref", "HEAD"])).toBe(session?.branch);
    expect(tmuxSessions(e2e)).toEqual(["app-1"]);
    expect(worktreeCount(e2e.repo)).toBe(2);
    expect(existsSync(`${e2e.home}/prompts/app-1/prompt.md`)).toBe(true);
  });

  it("is rolled back by `ao session cleanup` (a running agent is kept instead)", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    crashAfter(e2e, step);
    const planned = e2e.ao(["session", "cleanup", "--dry-run", "--json"]);
    const expected = step === "runtime" ? "finished_spawn" : "rolled_back_spawn";
    expect(JSON.parse(planned.stdout)).toMatchObject({
      dryRun: true,
      actions: [{ session: "app-1", action: expected, done: false }],
    });
    const cleaned = e2e.ao(["session", "cleanup", "--json"]);
    expect(cleaned.exitCode, cleaned.stderr).toBe(0);
    expect(JSON.parse(cleaned.stdout)).toMatchObject({
      actions: [{ session: "app-1", action: expected, done: true }],
    });
    if (step === "runtime") {
      expect(e2e.sessions()[0]).toMatchObject({ status: "working", runtime: { liveness: "alive" } });
      return;
    }
    expect(e2e.sessions()[0]).toMatchObject({ status: "errored", reason: `spawn_interrupted:${step}` });
    expect(existsSync(e2e.worktree("app-1"))).toBe(false);
    expect(worktreeCount(e2e.repo)).toBe(1);
    expect(tmuxSessions(e2e)).toEqual([]);
    expect(existsSync(`${e2e.home}/prompts/app-1`)).toBe(false);
  });
});

describe("an interrupted spawn whose agent died too", () => {
  it("is rolled back by cleanup", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    crashAfter(e2e, "runtime");
    e2e.tmux(["kill-server"]);
    const cleaned = e2e.ao(["session", "cleanup", "--json"]);
    expect(JSON.parse(cleaned.stdout)).toMatchObject({
      actions: [{ session: "app-1", action: "rolled_back_spawn", done: true }],
    });
    expect(existsSync(e2e.worktree("app-1"))).toBe(false);
    expect(worktreeCount(e2e.repo)).toBe(1);
  });
});
