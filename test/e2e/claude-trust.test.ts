import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * Issue 25: Claude Code 2.1.332 opens its trust dialog on "No, exit" for a folder with hooks in
 * `.claude/settings.local.json` (ao's are there), so a person pressing Enter ended the session.
 * `ao spawn` pre-trusts the worktree in Claude Code's own state file and the agent starts without
 * the dialog. The built ao, real tmux, the fake claude acting as the 2.1.332 recording.
 */
describe("ao spawn of Claude Code 2.1.332 with ao's hooks in the worktree", () => {
  it("gets past the trust dialog without a person", { timeout: 120_000 }, async () => {
    const e2e = makeE2e();
    const env = { FAKE_CLAUDE_VERSION: "2.1.332", FAKE_AGENT_TRUST_PROMPT: "1" };
    const spawned = e2e.ao(["spawn", "app", "Fix the login bug"], { env });
    expect(spawned.exitCode, spawned.stderr + spawned.stdout).toBe(0);
    // The task's turn, or the dialog that would have held it.
    const screen = await eventually(() => {
      const text = pane(e2e);
      return text.includes("● Working on:") || text.includes("No, exit") ? text : undefined;
    }, "the agent's first screen");
    expect(screen).not.toContain("No, exit");
    expect(screen).toContain("● Working on: # Working as ao session app-1");
    const state = JSON.parse(readFileSync(join(e2e.userHome, ".claude.json"), "utf8")) as {
      projects: Record<string, { hasTrustDialogAccepted?: boolean }>;
    };
    expect(state.projects[e2e.worktree("app-1")]?.hasTrustDialogAccepted).toBe(true);
    expect(e2e.sessions().find((session) => session.id === "app-1")?.runtime.liveness).toBe("alive");
  });
});

function pane(e2e: E2e): string {
  try {
    return e2e.tmux(["capture-pane", "-p", "-t", "app-1"]);
  } catch {
    return "";
  }
}
