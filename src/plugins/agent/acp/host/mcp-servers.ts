import type { McpServer } from "@agentclientprotocol/sdk";
import { AoError } from "../../../../core/plugin-api.js";
import type { JsonRpcMessage } from "../record.js";

/** Where ao gives the host the MCP servers for `session/new` (never argv; stripped from the agent's env). */
export const MCP_SERVERS_ENV = "AO_ACP_MCP_SERVERS";

/** The MCP servers ao asks for, from the environment; none when unset. */
export function mcpServersFromEnv(env: Readonly<Record<string, string | undefined>>): McpServer[] {
  const text = env[MCP_SERVERS_ENV];
  if (text === undefined || text.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(`it is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw invalid("it is not a JSON array");
  parsed.forEach((server: unknown, index) => {
    const name = (server as { name?: unknown } | null)?.name;
    if (typeof server !== "object" || server === null || typeof name !== "string")
      throw invalid(`entry ${String(index)} has no "name"`);
  });
  return parsed as McpServer[];
}

/** The agent's environment: the host's, without the MCP servers (they may carry a worker's secret). */
export function agentEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && key !== MCP_SERVERS_ENV) result[key] = value;
  return result;
}

/**
 * The message as the record keeps it: the values of MCP servers' headers and environment variables
 * in `session/new` and `session/load` (a worker's secret travels there) are replaced by "[redacted]".
 */
export function withoutMcpSecrets(msg: JsonRpcMessage): JsonRpcMessage {
  if (msg.method !== "session/new" && msg.method !== "session/load") return msg;
  const params = msg.params as { mcpServers?: unknown } | undefined;
  if (!Array.isArray(params?.mcpServers)) return msg;
  const mcpServers = params.mcpServers.map((server: Record<string, unknown>) => ({
    ...server,
    ...(Array.isArray(server["headers"]) ? { headers: redactValues(server["headers"]) } : {}),
    ...(Array.isArray(server["env"]) ? { env: redactValues(server["env"]) } : {}),
  }));
  return { ...msg, params: { ...params, mcpServers } };
}

function redactValues(pairs: unknown[]): unknown[] {
  return pairs.map((pair) => ({ ...(pair as object), value: "[redacted]" }));
}

function invalid(why: string): AoError {
  return new AoError("E_USAGE", `${MCP_SERVERS_ENV} is not a list of ACP MCP servers: ${why}`, {
    hint: `set it to a JSON array like [{"name":"ao","command":"ao","args":["mcp"],"env":[]}] or unset it`,
  });
}
