import { agentTurnContract } from "../../contracts/agent.js";
import { createGeminiAgent, GEMINI_BYPASS_FLAG } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { geminiTurnDriver, opencodeTurnDriver } from "./turn-drivers-gemini-opencode.js";
import { geminiOptions, opencodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

// The turn section of the agent contract for gemini and opencode (claude-code and codex: contract.test.ts).
const done = () => Promise.resolve();

agentTurnContract("gemini", () => {
  const worktree = makeTestRepo().dir;
  const agent = createGeminiAgent(
    geminiOptions.parse({}),
    makeTempDir("ao-gemini-home-"),
    makeTestContext().exec,
  );
  return Promise.resolve({
    agent,
    worktree,
    bypassFlags: [GEMINI_BYPASS_FLAG],
    turns: geminiTurnDriver(worktree),
    cleanup: done,
  });
});

agentTurnContract("opencode", () => {
  const worktree = makeTestRepo().dir;
  const agent = createOpencodeAgent(
    opencodeOptions.parse({ command: "/nonexistent/opencode" }),
    makeTestContext().exec,
  );
  return Promise.resolve({
    agent,
    worktree,
    // permissionless travels in OPENCODE_CONFIG_CONTENT, not argv (opencode.test.ts).
    bypassFlags: [],
    turns: opencodeTurnDriver(worktree),
    cleanup: done,
  });
});
