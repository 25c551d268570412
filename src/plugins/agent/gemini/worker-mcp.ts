import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AoError, type McpServerSpec } from "../../../core/plugin-api.js";
import { isJsonObject, stdioServerEntry, type WorkerMcpLaunch } from "../_shared/worker-mcp.js";
import { GEMINI_WORKSPACE_SETTINGS } from "./settings-hooks.js";

/**
 * Gemini CLI as a worker. Its system settings paths refuse files not owned by root (recorded), and
 * ~/.gemini is the person's, so ao's server goes into the worktree's own `.gemini/settings.json`
 * (git-ignored, already holding ao's hooks; it loads because ao trusts the worktree at launch).
 * `includeTools` exposes only the report tool and `trust: true` skips the confirmation for the
 * server's tools, which is then that one tool alone. `--allowed-mcp-server-names` limits this run
 * to ao's server, as `--strict-mcp-config` does for Claude Code. `gemini mcp list` with this
 * configuration is recorded in test/fixtures/agents/gemini/worker-mcp/.
 */
export function geminiWorkerMcp(server: McpServerSpec, worktree: string): WorkerMcpLaunch {
  const file = join(worktree, GEMINI_WORKSPACE_SETTINGS);
  const settings = readSettings(file);
  const servers = isJsonObject(settings["mcpServers"]) ? settings["mcpServers"] : {};
  const entry = { ...stdioServerEntry(server), includeTools: [...server.tools], trust: true };
  const next = { ...settings, mcpServers: { ...servers, [server.name]: entry } };
  return {
    files: [{ path: file, content: `${JSON.stringify(next, null, 2)}\n` }],
    args: ["--allowed-mcp-server-names", server.name],
    env: {},
  };
}

function readSettings(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isJsonObject(value)) return value;
  } catch {
    // reported below: never overwritten
  }
  throw new AoError(
    "E_PLUGIN_FAILED",
    `${file} is not a JSON object, so ao cannot add its MCP server to it`,
    {
      hint: "fix or remove the file (it holds Gemini CLI's settings for this workspace)",
    },
  );
}
