import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeE2e, type E2e } from "./e2e-fixture.js";

interface MarkedJson {
  id: string;
  worktree: string;
  runtime: { liveness: string };
  workspaceMissing: boolean;
}

function listed(e2e: E2e, args: string[]): MarkedJson | undefined {
  const run = e2e.ao([...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { sessions: MarkedJson[] }).sessions.find((view) => view.id === "app-1");
}

function outsideRemovals(e2e: E2e): { sessionId: string; payload: Record<string, unknown> }[] {
  const run = e2e.ao(["events", "--type", "session.workspace_removed", "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { events: { sessionId: string; payload: Record<string, unknown> }[] })
    .events;
}

/**
 * Issue 25: a checkout deleted behind ao's back while its agent lives was never noticed. `ao status`
 * and `ao session ls` now mark it, and the lifecycle cycle records it once.
 */
describe("a live session's checkout removed behind ao's back (tmux, worktree, the fake claude)", () => {
  it(
    "status and session ls mark it with a recovery hint; a lifecycle cycle records it once",
    { timeout: 120_000 },
    () => {
      const e2e = makeE2e();
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const worktree = e2e.worktree("app-1");
      expect(listed(e2e, ["status"])).toMatchObject({
        runtime: { liveness: "alive" },
        workspaceMissing: false,
      });

      rmSync(worktree, { recursive: true, force: true });
      expect(listed(e2e, ["status"])).toMatchObject({
        worktree,
        runtime: { liveness: "alive" },
        workspaceMissing: true,
      });
      expect(listed(e2e, ["session", "ls"])?.workspaceMissing).toBe(true);
      for (const command of [["status"], ["session", "ls"]]) {
        const table = e2e.ao(command);
        expect(table.exitCode, table.stderr).toBe(0);
        expect(table.stdout).toContain(`app-1: workspace removed behind ao's back: ${worktree}\n`);
        expect(table.stdout).toContain("stop it with: ao session kill app-1");
        expect(table.stdout).toContain("with: ao session restore app-1\n");
      }
      // `ao status` only reads; the lifecycle cycle records the disappearance, once.
      expect(outsideRemovals(e2e)).toEqual([]);
      for (let look = 0; look < 2; look += 1) expect(e2e.ao(["status", "--refresh"]).exitCode).toBe(0);
      expect(outsideRemovals(e2e)).toEqual([
        expect.objectContaining({ sessionId: "app-1", payload: { worktree, by: "outside" } }),
      ]);
    },
  );
});
