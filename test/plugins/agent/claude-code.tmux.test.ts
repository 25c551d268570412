import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ActivityReport } from "../../../src/core/slots/index.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { launchInput, tempClaudePaths } from "./fixtures.js";
import { harness } from "./tmux-harness.js";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * The fake `claude` in a real tmux on an isolated socket, started with exactly the argv the plugin
 * builds, in a temp HOME: the task arrives through the prompt file, the hooks the plugin installed
 * report the session id, and activity goes working → idle; resume brings the conversation back.
 */
describe("claude-code with the fake claude in tmux", () => {
  it("delivers the task through the prompt file, learns the session id from hooks, and goes working → idle", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-claude-home-");
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths());
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    const input = launchInput(worktree);
    const spec = await agent.launch(input);
    const pane = harness(worktree, home);
    pane.start(spec, { FAKE_AGENT_WORK_MS: "2500" });

    const probe = () =>
      agent.activity({ sessionId: "app-1", worktree, liveness: pane.liveness(), screen: pane.screen() });
    const working = await eventually(
      async () => ((await probe()).activity === "working" ? await probe() : undefined),
      "working",
    );
    expect(working.agentSessionId).toMatch(/^[0-9a-f-]{36}$/);
    const idle: ActivityReport = await eventually(async () => {
      const report = await probe();
      return report.activity === "idle" &&
        pane.screen().includes("● Working on: Fix the flaky test in parser.ts")
        ? report
        : undefined;
    }, "idle after the turn");
    expect(idle.agentSessionId).toBe(working.agentSessionId);
    const transcript = join(
      home,
      ".claude",
      "projects",
      worktree.replace(/[^A-Za-z0-9]/g, "-"),
      `${idle.agentSessionId ?? ""}.jsonl`,
    );
    expect(readFileSync(transcript, "utf8")).toContain("$(rm -rf ~)");

    const resumed = await agent.resume!({ ...input, agentSessionId: idle.agentSessionId ?? "" });
    pane.start(resumed);
    await eventually(
      () => pane.screen().includes("● Working on: Fix the flaky test in parser.ts"),
      "the resumed conversation",
    );
    expect(existsSync(transcript)).toBe(true);
  });

  it("reports the folder-trust dialog as needs_input until a person accepts it", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-claude-home-");
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths());
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    const pane = harness(worktree, home);
    pane.start(await agent.launch(launchInput(worktree)), {
      FAKE_AGENT_TRUST_PROMPT: "1",
      FAKE_AGENT_WORK_MS: "100",
    });
    const probe = () =>
      agent.activity({ sessionId: "app-1", worktree, liveness: pane.liveness(), screen: pane.screen() });
    const blocked = await eventually(
      async () => ((await probe()).activity === "needs_input" ? await probe() : undefined),
      "the trust dialog",
    );
    expect(blocked.detail).toMatch(/folder trust/);
    pane.keys("Enter");
    await eventually(
      async () => (await probe()).activity === "idle" && pane.screen().includes("● Working on:"),
      "the task after trust",
    );
  });

  it("receives a bracketed paste byte for byte and answers it as one message", async () => {
    const worktree = makeTestRepo().dir;
    const home = makeTempDir("ao-claude-home-");
    const inputLog = join(makeTempDir("ao-input-"), "input.log");
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths());
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    const pane = harness(worktree, home);
    pane.start(await agent.launch(launchInput(worktree)), {
      FAKE_AGENT_INPUT_LOG: inputLog,
      FAKE_AGENT_WORK_MS: "100",
    });
    const probe = () =>
      agent.activity({ sessionId: "app-1", worktree, liveness: pane.liveness(), screen: pane.screen() });
    await eventually(
      async () => (await probe()).activity === "idle" && pane.screen().includes("● Working on:"),
      "the first turn",
    );
    pane.paste("CI failed: `npm test`\nsecond line $(id)");
    await eventually(() => pane.screen().includes("second line $(id)"), "the pasted text on screen");
    // Pasted as ao pastes (-r keeps LF as LF), inside the bracketed-paste markers the fake switched on.
    expect(readFileSync(inputLog, "utf8")).toBe("\x1b[200~CI failed: `npm test`\nsecond line $(id)\x1b[201~");
    pane.keys("Enter");
    await eventually(
      () => pane.screen().includes("● Working on: CI failed: `npm test`"),
      "the answer to the pasted message",
    );
  });
});
