import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isProcessGroupRunning } from "../../src/core/process-identity.js";
import { makeE2e, tmuxSessions, worktreeCount } from "./e2e-fixture.js";
import { agentStarted, aoKilled, groupEnded, panePid, recordSessionEnds } from "./stop-fixture.js";

/**
 * Issue 25: stopping a live Claude session must leave nothing behind. Claude's SessionEnd hook (ao's
 * own recorder among them) runs after the pane is gone and wrote into the checkout being removed:
 * `git worktree remove` failed with "Directory not empty", or the recorder made the directory again.
 */
describe("stopping a live Claude session (tmux, worktree, the fake claude and its hooks)", () => {
  it("`ao session kill --purge` waits for the agent's SessionEnd, then removes the checkout", async () => {
    const e2e = makeE2e();
    const sessionEnds = recordSessionEnds(e2e);
    const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
    await agentStarted(e2e, "app-1");
    const agent = panePid(e2e, "app-1");
    const killed = e2e.ao(["session", "kill", "app-1", "--purge"]);
    expect(killed.exitCode, killed.stderr).toBe(0);
    await groupEnded(agent);
    expect(sessionEnds()).toEqual([
      expect.objectContaining({ hook_event_name: "SessionEnd", reason: "other" }),
    ]);
    expect(existsSync(e2e.worktree("app-1"))).toBe(false);
    expect(worktreeCount(e2e.repo)).toBe(1);
    expect(tmuxSessions(e2e)).toEqual([]);
  });

  it("`ao session kill` then `ao session cleanup` removes the checkout and says so", async () => {
    const e2e = makeE2e();
    const sessionEnds = recordSessionEnds(e2e);
    expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
    await agentStarted(e2e, "app-1");
    const agent = panePid(e2e, "app-1");
    const started = Date.now();
    const killed = e2e.ao(["session", "kill", "app-1"]);
    expect(killed.exitCode, killed.stderr).toBe(0);
    // kill returns once the agent ended: nothing of it runs on in the checkout. (What kill said and
    // how long it took, for a failure on a loaded machine: past HANGUP_GRACE_MS it signals the group.)
    const said = `kill took ${Date.now() - started} ms; said ${killed.stdout} ${killed.stderr}`;
    expect(isProcessGroupRunning(agent), said).toBe(false);
    expect(sessionEnds(), said).toHaveLength(1);
    const cleaned = e2e.ao(["session", "cleanup", "--json"]);
    expect(cleaned.exitCode, cleaned.stderr).toBe(0);
    expect(JSON.parse(cleaned.stdout)).toMatchObject({
      actions: [{ session: "app-1", action: "removed_workspace", done: true }],
    });
    await groupEnded(agent);
    expect(existsSync(e2e.worktree("app-1"))).toBe(false);
    expect(worktreeCount(e2e.repo)).toBe(1);
  });

  it.each([
    [
      "cleanup",
      ["session", "cleanup", "--json"],
      { actions: [expect.objectContaining({ session: "app-1", action: "rolled_back_spawn", done: true })] },
    ],
    [
      "kill",
      ["session", "kill", "app-1", "--json"],
      { session: "app-1", status: "killed", workspace: "removed" },
    ],
  ])(
    "an `ao spawn` killed (-9) while watching its new agent leaves nothing running after `ao session %s`",
    { timeout: 120_000 },
    async (_name, command, said) => {
      const e2e = makeE2e();
      const stderr = await aoKilled(
        e2e,
        ["spawn", "app", "Fix the login bug"],
        { when: /watching claude/ },
        {
          AO_SPAWN_WATCH_MS: "60000",
        },
      );
      expect(stderr).toContain("watching claude");
      expect(e2e.sessions()).toEqual([expect.objectContaining({ id: "app-1", status: "spawning" })]);
      // The agent the killed spawn left running: what the command must stop, and say it stopped.
      const agent = panePid(e2e, "app-1");
      expect(isProcessGroupRunning(agent)).toBe(true);
      const after = e2e.ao(command);
      expect(after.exitCode, after.stderr).toBe(0);
      expect(JSON.parse(after.stdout)).toMatchObject(said);
      expect(isProcessGroupRunning(agent), after.stdout).toBe(false);
      expect(tmuxSessions(e2e)).toEqual([]);
      expect(existsSync(e2e.worktree("app-1"))).toBe(false);
      expect(worktreeCount(e2e.repo)).toBe(1);
    },
  );
});
