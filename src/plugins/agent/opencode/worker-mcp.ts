import type { McpServerSpec } from "../../../core/plugin-api.js";
import { isJsonObject, type WorkerMcpLaunch } from "../_shared/worker-mcp.js";
import { OPENCODE_CONFIG_ENV } from "./config-content.js";

/** opencode names an MCP tool `<server>_<tool>`, each part with other characters made `_` (1.18.33). */
export function opencodeMcpToolName(server: string, tool: string): string {
  const clean = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, "_");
  return `${clean(server)}_${clean(tool)}`;
}

/**
 * opencode as a worker: ao's server joins OPENCODE_CONFIG_CONTENT (the JSON opencode merges over
 * its config files for this run; nothing is written to the person's opencode.json) as a `local`
 * MCP entry, with a permission rule that allows the report tool. The rule comes after the person's
 * own, so it wins for that one tool and every other rule stands (`opencode debug config` with
 * this content is recorded in test/fixtures/agents/opencode/worker-mcp/).
 */
export function opencodeWorkerMcp(server: McpServerSpec, configContent: string): WorkerMcpLaunch {
  const config = JSON.parse(configContent) as Record<string, unknown>;
  const mcp = isJsonObject(config["mcp"]) ? config["mcp"] : {};
  const entry = {
    type: "local",
    command: [server.command, ...server.args],
    environment: { ...server.env },
    enabled: true,
  };
  const allow = Object.fromEntries(
    server.tools.map((tool) => [opencodeMcpToolName(server.name, tool), "allow"]),
  );
  const next = {
    ...config,
    mcp: { ...mcp, [server.name]: entry },
    permission: { ...permissionRules(config["permission"]), ...allow },
  };
  return { files: [], args: [], env: { [OPENCODE_CONFIG_ENV]: JSON.stringify(next) } };
}

/** A permission given as one action (`"ask"`) is that action for every tool. */
function permissionRules(permission: unknown): Record<string, unknown> {
  if (typeof permission === "string") return { "*": permission };
  return isJsonObject(permission) ? permission : {};
}
