import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createCommandAgent, commandOptions } from "../../../src/plugins/agent/command.js";
import { codexOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { launchInput } from "./fixtures.js";
import { harness } from "./tmux-harness.js";

/**
 * Codex draws its TUI on the alternate screen (its --help offers `--no-alt-screen`; the recorded
 * exit screen, screens/exited.txt, holds only what it printed after leaving it), so its frames
 * never reach tmux's scrollback. ao's runtime reads the screen with scrollback, and a screen rule
 * reads its last non-blank lines: a spinner from an old frame there would say "working" forever.
 */
describe("the fake codex in tmux keeps its frames off the scrollback, as the real one does", () => {
  it("after its task's turn, the screen with scrollback shows no old spinner and reads idle", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-codex-alt-");
    const codex = createCodexAgent(codexOptions.parse({}), join(home, ".codex"));
    const pane = harness(worktree, home);
    pane.start(await codex.launch(launchInput(worktree)), { FAKE_AGENT_WORK_MS: "1200" });
    await eventually(() => pane.screen().includes("Working on: Fix the flaky test"), "the task's turn");

    const screen = pane.screen(200);
    expect(screen).not.toContain("Working (");
    // The `command` agent with the patterns a project would give for Codex (project-plugin-options e2e).
    const command = createCommandAgent(
      commandOptions.parse({ argv: ["codex"], workingPattern: "Working \\(", idlePattern: "for shortcuts" }),
    );
    const probe = { sessionId: "app-1", worktree, liveness: pane.liveness(), screen };
    expect(await command.activity(probe)).toMatchObject({ activity: "idle" });
  });
});
