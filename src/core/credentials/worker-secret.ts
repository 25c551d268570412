import { existsSync } from "node:fs";
import { join } from "node:path";
import { aoEntryScript } from "../ao-entry.js";
import type { AoPaths } from "../paths.js";
import type { McpServerSpec } from "../slots/index.js";
import { insertWorker, putWorkerSecret, type WriteTx } from "../store/index.js";
import { mintSecret, sha256Hex, writeSecretFile } from "./credentials.js";

/** The tool a worker's CLI is allowed to call without asking; nothing else. */
export const WORKER_TOOLS = ["orch_report"] as const;

/** Where a worker's secret lives: a 0600 file under AO_HOME, named by its session. */
export function workerSecretPath(paths: Pick<AoPaths, "home">, sessionId: string): string {
  return join(paths.home, "control", "workers", `${sessionId}.secret`);
}

/**
 * Makes a session a commander's worker, before its agent starts: the worker row and a fresh
 * secret (its hash in the store, the secret in its file), in the caller's transaction.
 */
export function enrolWorker(tx: WriteTx, paths: AoPaths, sessionId: string, commanderId: number): void {
  insertWorker(tx, sessionId, commanderId);
  const secret = mintSecret();
  putWorkerSecret(tx, sessionId, sha256Hex(secret));
  writeSecretFile(workerSecretPath(paths, sessionId), secret);
}

/**
 * The MCP server a worker's agent is handed (AgentLaunchInput.mcpServer), or undefined for a
 * session that is no worker. The secret stays in its file: only the path goes on the command line.
 */
export function workerMcpServer(paths: AoPaths, sessionId: string): McpServerSpec | undefined {
  const secretFile = workerSecretPath(paths, sessionId);
  if (!existsSync(secretFile)) return undefined;
  return {
    name: "ao",
    command: process.execPath,
    args: [aoEntryScript(), "mcp", "--worker", "--secret-file", secretFile],
    env: { AO_HOME: paths.home },
    tools: [...WORKER_TOOLS],
  };
}
