import { agentContract, agentTurnContract, type AgentSubject } from "../../contracts/agent.js";
import { AIDER_BYPASS_FLAG, createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { CLAUDE_BYPASS_FLAG, createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { commandOptions, createCommandAgent } from "../../../src/plugins/agent/command.js";
import { acpOptions, createAcpAgent } from "../../../src/plugins/agent/acp.js";
import { acpRecordPath } from "../../../src/plugins/agent/acp/record.js";
import { RecordWriter } from "./acp-records.js";
import { CODEX_BYPASS_FLAG, createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent, GEMINI_BYPASS_FLAG } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { screen, tempClaudePaths } from "./fixtures.js";
import { claudeTurnDriver, codexTurnDriver } from "./turn-drivers.js";
import {
  aiderOptions,
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

const done = () => Promise.resolve();

agentContract("claude-code", () =>
  Promise.resolve({
    agent: createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()),
    worktree: makeTestRepo().dir,
    bypassFlags: [CLAUDE_BYPASS_FLAG],
    screens: {
      working: screen("claude", "working"),
      idle: screen("claude", "idle"),
      needsInput: screen("claude", "permission-prompt"),
    },
    cleanup: done,
  }),
);

agentContract("codex", () =>
  Promise.resolve({
    agent: createCodexAgent(codexOptions.parse({}), makeTempDir("ao-codex-home-")),
    worktree: makeTestRepo().dir,
    bypassFlags: [CODEX_BYPASS_FLAG],
    screens: {
      working: screen("codex", "working"),
      idle: screen("codex", "idle"),
      needsInput: screen("codex", "approval-prompt"),
    },
    cleanup: done,
  }),
);

agentContract("gemini", () =>
  Promise.resolve({
    agent: createGeminiAgent(geminiOptions.parse({}), makeTempDir("ao-gemini-home-"), makeTestContext().exec),
    worktree: makeTestRepo().dir,
    bypassFlags: [GEMINI_BYPASS_FLAG],
    screens: {
      working: screen("gemini", "working"),
      idle: screen("gemini", "idle"),
      needsInput: screen("gemini", "folder-trust"),
    },
    cleanup: done,
  }),
);

agentContract("opencode", () =>
  Promise.resolve({
    agent: createOpencodeAgent(
      opencodeOptions.parse({ command: "/nonexistent/opencode" }),
      makeTestContext().exec,
    ),
    worktree: makeTestRepo().dir,
    // permissionless travels in OPENCODE_CONFIG_CONTENT, not argv (opencode.test.ts).
    bypassFlags: [],
    cleanup: done,
  }),
);

agentContract("aider", () =>
  Promise.resolve({
    agent: createAiderAgent(aiderOptions.parse({})),
    worktree: makeTestRepo().dir,
    bypassFlags: [AIDER_BYPASS_FLAG],
    screens: {
      working: "> fix it\nWaiting for gpt-5",
      idle: "Aider v0.86\n> ",
      needsInput: "Create new file? (Y)es/(N)o [Yes]: ",
    },
    cleanup: done,
  }),
);

agentContract("command", () =>
  Promise.resolve({
    agent: createCommandAgent(
      commandOptions.parse({
        argv: ["my-agent", "--prompt-file", "{promptFile}"],
        resumeArgv: ["my-agent", "--resume", "{agentSessionId}"],
        permissionlessArgs: ["--yes"],
        workingPattern: "esc to interrupt",
        idlePattern: "^> $",
        needsInputPattern: "\\(y/n\\)",
      }),
    ),
    worktree: makeTestRepo().dir,
    bypassFlags: ["--yes"],
    screens: { working: "thinking (esc to interrupt)", idle: "done\n> ", needsInput: "Run it? (y/n)" },
    cleanup: done,
  }),
);

// The turn capability, for every agent that offers observeTurn (each with a driver in turn-drivers.ts).

agentTurnContract("claude-code", (): Promise<AgentSubject> => {
  const worktree = makeTestRepo().dir;
  return Promise.resolve({
    agent: createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()),
    worktree,
    bypassFlags: [CLAUDE_BYPASS_FLAG],
    turns: claudeTurnDriver(worktree),
    cleanup: done,
  });
});

agentTurnContract("codex", (): Promise<AgentSubject> => {
  const worktree = makeTestRepo().dir;
  const codexHome = makeTempDir("ao-codex-home-");
  return Promise.resolve({
    agent: createCodexAgent(codexOptions.parse({}), codexHome),
    worktree,
    bypassFlags: [CODEX_BYPASS_FLAG],
    turns: codexTurnDriver(codexHome, worktree),
    cleanup: done,
  });
});

function acpSubject(): Promise<AgentSubject> {
  const aoHome = makeTempDir("ao-home-");
  const record = new RecordWriter(acpRecordPath(aoHome, "contract-1"));
  record.ready();
  let prompt = -1;
  return Promise.resolve({
    agent: createAcpAgent(acpOptions.parse({ argv: ["my-acp-agent"] }), {
      node: process.execPath,
      aoScript: "/opt/ao/bin/ao.js",
      aoHome,
    }),
    worktree: makeTestRepo().dir,
    // ACP has no bypass flag; ao never passes one.
    bypassFlags: [],
    turns: {
      start: () => void (prompt = record.prompt("hello")),
      end: (reply) => {
        record.chunk(reply);
        record.stop(prompt, "end_turn");
      },
    },
    cleanup: done,
  });
}

agentContract("acp", acpSubject);
agentTurnContract("acp", acpSubject);
