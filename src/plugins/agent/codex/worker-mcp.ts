import type { McpServerSpec } from "../../../core/plugin-api.js";
import type { WorkerMcpLaunch } from "../_shared/worker-mcp.js";

/**
 * Codex as a worker: `-c mcp_servers.<name>.…` overrides add ao's server for this run only; the
 * person's ~/.codex/config.toml is read as usual and never written. Codex starts an MCP server with
 * a filtered environment, so `env` carries what the server needs (AO_HOME). `enabled_tools` exposes
 * only the report tool and `tools.<tool>.approval_mode = "approve"` pre-approves it (the variants
 * are auto | prompt | writes | approve, from the real codex-cli 0.171.0's own error; `codex mcp get
 * --json` with these overrides is recorded in test/fixtures/agents/codex/worker-mcp/). `-c` values
 * are TOML: JSON strings and arrays are valid TOML, and an inline table's keys are quoted.
 */
export function codexWorkerMcp(server: McpServerSpec): WorkerMcpLaunch {
  const key = `mcp_servers.${server.name}`;
  const overrides = [
    `${key}.command=${JSON.stringify(server.command)}`,
    `${key}.args=${JSON.stringify(server.args)}`,
    `${key}.env=${tomlInlineTable(server.env)}`,
    `${key}.enabled_tools=${JSON.stringify(server.tools)}`,
    ...server.tools.map((tool) => `${key}.tools.${tool}.approval_mode="approve"`),
  ];
  return { files: [], args: overrides.flatMap((value) => ["-c", value]), env: {} };
}

function tomlInlineTable(values: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(values).map(
    ([name, value]) => `${JSON.stringify(name)}=${JSON.stringify(value)}`,
  );
  return `{${pairs.join(",")}}`;
}
