import { describe, expect, it } from "vitest";
import type { Agent, AgentLaunchInput } from "../../../src/core/slots/index.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture, helpDocuments, launchInput, optionWords, tempClaudePaths } from "./fixtures.js";
import {
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * What keeps the argv honest: every option a plugin emits must be one the real CLI documents in the
 * `--help` recorded from it. A renamed or invented flag fails here, not in a person's terminal.
 */
interface Case {
  agent: Agent;
  launchHelp: string;
  resumeHelp: string;
}

function cases(): Record<string, Case> {
  const ctx = makeTestContext();
  return {
    "claude-code": {
      agent: createClaudeCodeAgent(
        claudeCodeOptions.parse({ permissionMode: "acceptEdits" }),
        process.execPath,
        tempClaudePaths(),
      ),
      launchHelp: fixture("claude", "help.txt"),
      resumeHelp: fixture("claude", "help.txt"),
    },
    codex: {
      agent: createCodexAgent(codexOptions.parse({}), "/nonexistent/codex-home"),
      launchHelp: fixture("codex", "help.txt"),
      resumeHelp: fixture("codex", "resume-help.txt"),
    },
    gemini: {
      agent: createGeminiAgent(geminiOptions.parse({}), "/nonexistent/gemini-home", ctx.exec),
      launchHelp: fixture("gemini", "help.txt"),
      resumeHelp: fixture("gemini", "help.txt"),
    },
    opencode: {
      agent: createOpencodeAgent(opencodeOptions.parse({}), ctx.exec),
      launchHelp: fixture("opencode", "help.txt"),
      resumeHelp: fixture("opencode", "help.txt"),
    },
  };
}

describe.each(Object.keys(cases()))("%s argv against the recorded --help", (name) => {
  const inputs = (worktree: string): AgentLaunchInput[] => [
    launchInput(worktree),
    launchInput(worktree, { permissions: "permissionless", model: "some-model" }),
  ];

  it("uses only documented flags to launch", async () => {
    const { agent, launchHelp } = cases()[name]!;
    for (const input of inputs(makeTestRepo().dir)) {
      const { argv } = await agent.launch(input);
      for (const flag of optionWords(argv))
        expect(helpDocuments(launchHelp, flag), `${flag} in ${name} --help`).toBe(true);
    }
  });

  it("uses only documented flags to resume", async () => {
    const { agent, resumeHelp } = cases()[name]!;
    for (const input of inputs(makeTestRepo().dir)) {
      const { argv } = await agent.resume!({ ...input, agentSessionId: "0199-session" });
      for (const flag of optionWords(argv))
        expect(helpDocuments(resumeHelp, flag), `${flag} in ${name} resume help`).toBe(true);
    }
  });
});

describe("the flag check itself", () => {
  it("rejects a flag the help does not document", () => {
    const help = fixture("claude", "help.txt");
    expect(helpDocuments(help, "--resume")).toBe(true);
    expect(helpDocuments(help, "--prompt-file")).toBe(false);
    expect(helpDocuments(help, "--allow-dangerously")).toBe(false);
    expect(optionWords(["claude", "--model", "x", "-c", "k=v", "--", "--not-an-option"])).toEqual([
      "--model",
      "-c",
    ]);
  });
});
