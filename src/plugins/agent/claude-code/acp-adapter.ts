import type { AcpAdapter } from "../_shared/acp-mode.js";
import { SESSION_PLACEHOLDER } from "../acp/takeover-argv.js";

/**
 * claude-code's ACP adapter, `claude-agent-acp` (@zed-industries/claude-agent-acp; recorded:
 * 0.23.1, test/fixtures/agents/acp/). It runs the Claude Code its Agent SDK bundles, not the
 * `claude` on PATH, with the same login (ANTHROPIC_API_KEY or ~/.claude). It takes no model on its
 * command line (it picks Claude's settings' model) and prints no version: any argument starts it.
 * Its ACP session id is Claude Code's own session id (0.23.1 passes it as the SDK's `sessionId`),
 * so `claude --resume <id>` in the worktree continues the same conversation: the takeover TUI.
 */
export function claudeAcpAdapter(command: string): AcpAdapter {
  return {
    argv: ["claude-agent-acp"],
    install: "@zed-industries/claude-agent-acp",
    takeover: [command, "--resume", SESSION_PLACEHOLDER],
  };
}
