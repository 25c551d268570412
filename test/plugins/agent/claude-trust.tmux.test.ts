import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { writeClaudeHooks } from "../../../src/plugins/agent/claude-code/settings-hooks.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { launchInput } from "./fixtures.js";
import { harness } from "./tmux-harness.js";

/**
 * The fake claude behaving as the recorded 2.1.332 (FAKE_CLAUDE_VERSION): with ao's hooks in the
 * worktree its trust dialog starts on "No, exit", so a person pressing Enter ends the session. ao
 * pre-trusts the worktree in the CLI's own state file, and the session starts without the dialog.
 */
const NEWER = { FAKE_CLAUDE_VERSION: "2.1.332", FAKE_AGENT_TRUST_PROMPT: "1", FAKE_AGENT_WORK_MS: "500" };

describe("Claude Code 2.1.332's trust dialog (fake, in tmux)", () => {
  it("starts without the dialog once prepareWorkspace pre-trusted the worktree", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-claude-home-");
    const paths = { configDir: join(home, ".claude"), stateFile: join(home, ".claude.json") };
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, paths);
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    const pane = harness(worktree, home);
    pane.start(await agent.launch(launchInput(worktree)), NEWER);
    await eventually(() => pane.screen().includes("● Working on: Fix the flaky test"), "the task's turn");
    expect(pane.screen()).not.toContain("Accessing workspace");
  });

  it("without it, shows the dialog on No, exit: Enter ends the session", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-claude-home-");
    writeClaudeHooks(worktree, process.execPath);
    const pane = harness(worktree, home);
    pane.start({ argv: ["claude"], env: {} }, NEWER);
    await eventually(() => pane.screen().includes("❯ No, exit"), "the trust dialog");
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, {
      configDir: join(home, ".claude"),
      stateFile: join(home, ".claude.json"),
    });
    const report = await agent.activity({
      sessionId: "s",
      worktree,
      liveness: pane.liveness(),
      screen: pane.screen(),
    });
    expect(report).toMatchObject({ activity: "needs_input" });
    pane.keys("Enter");
    await eventually(() => pane.liveness().state === "exited", "the fake claude exited");
  });
});
