import type { AcpAdapter } from "../_shared/acp-mode.js";

/**
 * claude-code's ACP adapter, `claude-agent-acp` (@zed-industries/claude-agent-acp; recorded:
 * 0.23.1, test/fixtures/agents/acp/). It runs the Claude Code its Agent SDK bundles, not the
 * `claude` on PATH, with the same login (ANTHROPIC_API_KEY or ~/.claude). It takes no model on its
 * command line (it picks Claude's settings' model) and prints no version: any argument starts it.
 */
export const CLAUDE_ACP_ADAPTER: AcpAdapter = {
  argv: ["claude-agent-acp"],
  install: "@zed-industries/claude-agent-acp",
};
