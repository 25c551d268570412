import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { agentRecordings, tempClaudePaths } from "./fixtures.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/**
 * A dialog ao does not know (no hook reports it, no screen rule matches it) must not read as
 * `working` forever: once its screen stands still for `stillScreenAfter` it is `needs_input`.
 */
const agent = () =>
  createClaudeCodeAgent(
    claudeCodeOptions.parse({ stillScreenAfter: "30s" }),
    process.execPath,
    tempClaudePaths(),
  );
describe.each(agentRecordings("claude"))(
  "a screen that stands still and matches no known state (Claude Code $version as recorded)",
  ({ dir }) => {
    const working = readFileSync(join(dir, "turns/completed.working.txt"), "utf8");
    // A dialog no recorded version has shown: the recorded working screen's prompt box replaced by it.
    const unknownDialog = `${working.split("────")[0]}\n Auto mode has a notice to acknowledge\n ❯ Continue\n   Leave auto mode\n`;
    /** A worktree whose hooks say the turn runs: the recorded prompt submission of this version. */
    function workingWorktree(): string {
      const worktree = makeTempDir("ao-still-");
      const submitted = readFileSync(join(dir, "turns/completed.hooks.jsonl"), "utf8")
        .split("\n")
        .find((line) => line.includes('"hook_event_name":"UserPromptSubmit"'))!;
      mkdirSync(join(worktree, ".ao"));
      writeFileSync(agentEventsFile(worktree), `${submitted}\n`);
      return worktree;
    }
    const probe = (screen: string, screenStillMs: number, worktree = makeTempDir("ao-still-")) =>
      agent().activity({
        sessionId: "s",
        worktree,
        liveness: { state: "alive" },
        screen,
        screenStillMs,
      });

    it("is needs_input with its last lines once it stood still for the window", async () => {
      const report = await probe(unknownDialog, 31_000);
      expect(report.activity).toBe("needs_input");
      expect(report.detail).toContain("Auto mode has a notice to acknowledge / ❯ Continue / Leave auto mode");
    });

    it("is needs_input even while the hooks still say the turn runs (no hook reports the dialog)", async () => {
      expect((await probe(unknownDialog, 0, workingWorktree())).activity).toBe("working");
      const report = await probe(unknownDialog, 31_000, workingWorktree());
      expect(report.activity).toBe("needs_input");
      expect(report.detail).toContain("Auto mode has a notice to acknowledge / ❯ Continue / Leave auto mode");
    });

    it("is not judged while it still changes or before the window is over", async () => {
      expect((await probe(unknownDialog, 0)).activity).toBe("unknown");
      expect((await probe(unknownDialog, 29_000)).activity).toBe("unknown");
    });

    it("leaves known screens alone however long they stand still", async () => {
      expect((await probe(working, 600_000)).activity).toBe("working");
      const idle = readFileSync(join(dir, "turns/completed.screen.txt"), "utf8");
      expect((await probe(idle, 600_000)).activity).toBe("idle");
    });
  },
);
