import { workerMcpServer } from "../credentials/worker-secret.js";
import type { AoPaths } from "../paths.js";
import type { McpServerSpec } from "../slots/index.js";

/**
 * The `mcpServer` part of an agent's launch input: present for a control-plane worker (at spawn and
 * at every restore, so a relaunched worker can still report), absent for every other session.
 */
export function mcpServerOf(paths: AoPaths, sessionId: string): { mcpServer?: McpServerSpec } {
  const spec = workerMcpServer(paths, sessionId);
  return spec === undefined ? {} : { mcpServer: spec };
}
