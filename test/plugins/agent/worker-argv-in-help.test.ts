import { describe, expect, it } from "vitest";
import type { Agent, AgentLaunchInput } from "../../../src/core/slots/index.js";
import { AIDER_BYPASS_FLAG } from "../../../src/plugins/agent/aider.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture, helpDocuments, launchInput, optionWords, tempClaudePaths } from "./fixtures.js";
import { BYPASS_FLAGS, WORKER_SERVER } from "./worker-fixtures.js";
import {
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * A control-plane worker's argv, checked against the `--help` recorded from the real CLIs
 * (test/fixtures/agents/): every MCP flag it uses exists there, and no permission-bypass flag is
 * in it — also when the project itself runs `permissionless`.
 */

interface Case {
  agent: () => Agent;
  launchHelp: string;
  resumeHelp: string;
  /** The flags that hand the worker its MCP server: each must be in the argv. */
  mcpFlags: string[];
}

const cases: Record<string, Case> = {
  "claude-code": {
    agent: () => createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()),
    launchHelp: fixture("claude", "help.txt"),
    resumeHelp: fixture("claude", "help.txt"),
    mcpFlags: ["--mcp-config", "--strict-mcp-config", "--allowedTools"],
  },
  codex: {
    agent: () => createCodexAgent(codexOptions.parse({}), "/nonexistent"),
    launchHelp: fixture("codex", "help.txt"),
    resumeHelp: fixture("codex", "resume-help.txt"),
    mcpFlags: ["-c"],
  },
  gemini: {
    agent: () => createGeminiAgent(geminiOptions.parse({}), "/nonexistent", makeTestContext().exec),
    launchHelp: fixture("gemini", "help.txt"),
    resumeHelp: fixture("gemini", "help.txt"),
    mcpFlags: ["--allowed-mcp-server-names"],
  },
};

describe.each(Object.keys(cases))("%s worker argv against the recorded --help", (name) => {
  const inputs = (worktree: string): AgentLaunchInput[] =>
    (["default", "permissionless"] as const).map((permissions) =>
      launchInput(worktree, { mcpServer: WORKER_SERVER, permissions, model: "some-model" }),
    );

  const check = (argv: string[], help: string) => {
    const words = optionWords(argv);
    for (const flag of cases[name]!.mcpFlags) expect(words, `${flag} in the worker argv`).toContain(flag);
    for (const flag of words) expect(helpDocuments(help, flag), `${flag} in ${name} --help`).toBe(true);
    for (const flag of BYPASS_FLAGS) expect(words).not.toContain(flag);
  };

  it("launches with documented MCP flags and no bypass flag", async () => {
    const worktree = makeTestRepo().dir;
    for (const input of inputs(worktree))
      check((await cases[name]!.agent().launch(input)).argv, cases[name]!.launchHelp);
  });

  it("resumes with documented MCP flags and no bypass flag", async () => {
    const worktree = makeTestRepo().dir;
    for (const input of inputs(worktree)) {
      const { argv } = await cases[name]!.agent().resume!({ ...input, agentSessionId: "0199-session" });
      check(argv, cases[name]!.resumeHelp);
    }
  });
});

describe("the bypass list itself", () => {
  it("names flags the recorded helps document, so a check for their absence means something", () => {
    const helps = [
      fixture("claude", "help.txt"),
      fixture("codex", "help.txt"),
      fixture("gemini", "help.txt"),
    ];
    // aider could not be recorded (see test/fixtures/bin/aider): its flag is from aider's documentation.
    for (const flag of BYPASS_FLAGS.filter((word) => word !== AIDER_BYPASS_FLAG))
      expect(
        helps.some((help) => helpDocuments(help, flag)),
        flag,
      ).toBe(true);
  });

  it("would catch the bypass flag in a permissionless launch that is not a worker", async () => {
    const worktree = makeTestRepo().dir;
    const { argv } = await cases["claude-code"]!.agent().launch(
      launchInput(worktree, { permissions: "permissionless" }),
    );
    expect(optionWords(argv)).toContain("--dangerously-skip-permissions");
  });
});
