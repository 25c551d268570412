import type { McpServerSpec } from "../../../core/plugin-api.js";
import { stdioServerEntry, workerMcpFile, type WorkerMcpLaunch } from "../_shared/worker-mcp.js";

export const CLAUDE_WORKER_MCP_NAME = "claude-mcp.json";

/** Claude Code names an MCP tool `mcp__<server>__<tool>` in --allowedTools and its permission rules. */
export function claudeMcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/**
 * Claude Code as a worker: `--mcp-config <file>` loads ao's server for this run only and
 * `--strict-mcp-config` ignores every other MCP configuration (the person's ~/.claude.json, the
 * repository's .mcp.json), so nothing global is read or written. `--allowedTools` pre-approves the
 * report tool and nothing else: every other tool still asks, as in the default permission mode.
 * Both value options are variadic in Claude's parser (commander), so the boolean
 * `--strict-mcp-config` comes last and ends them: the prompt that follows stays the prompt
 * (checked with the real Claude Code 2.1.197, test/fixtures/agents/claude/worker-mcp/).
 */
export function claudeWorkerMcp(server: McpServerSpec, worktree: string): WorkerMcpLaunch {
  const file = workerMcpFile(worktree, CLAUDE_WORKER_MCP_NAME);
  const config = { mcpServers: { [server.name]: { type: "stdio", ...stdioServerEntry(server) } } };
  return {
    files: [{ path: file, content: `${JSON.stringify(config, null, 2)}\n` }],
    args: [
      "--mcp-config",
      file,
      "--allowedTools",
      ...server.tools.map((tool) => claudeMcpToolName(server.name, tool)),
      "--strict-mcp-config",
    ],
    env: {},
  };
}
