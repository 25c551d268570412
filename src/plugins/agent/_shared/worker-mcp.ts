import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AgentLaunchInput, McpServerSpec } from "../../../core/plugin-api.js";
import { AO_WORKSPACE_DIR } from "./agent-events.js";
import { claimWorkspaceFiles } from "./git-exclude.js";

/**
 * What handing ao's MCP server to one CLI adds to a worker's launch (issue 13): files the CLI
 * reads its MCP configuration from, arguments that point at them and allow only the report tool,
 * environment. Each agent builds this from `AgentLaunchInput.mcpServer` with a pure function (so a
 * test can check every flag against the real CLI's recorded `--help`) and places `args` in its
 * own argv, where its CLI's parser takes them as options and never swallows the prompt.
 */
export interface WorkerMcpLaunch {
  /** Absolute paths, written 0600 before the CLI starts (they name the secret file, not the secret). */
  files: { path: string; content: string }[];
  args: string[];
  env: Record<string, string>;
}

/** A session that is not a worker, or an agent without an MCP client: nothing is added. */
export const NO_WORKER_MCP: WorkerMcpLaunch = { files: [], args: [], env: {} };

/** A file of ao's in the worktree's `.ao/`, git-ignored like the rest. */
export function workerMcpFile(worktree: string, name: string): string {
  return join(worktree, AO_WORKSPACE_DIR, name);
}

/**
 * Writes a worker launch's files owner-only: a file that exists already (a restore) is rewritten
 * and its mode tightened too. Files in the worktree's `.ao/` are git-ignored first.
 */
export function writeWorkerMcpFiles(worktree: string, launch: WorkerMcpLaunch): void {
  const aoDir = join(worktree, AO_WORKSPACE_DIR);
  const ours = launch.files.filter((file) => dirname(file.path) === aoDir);
  if (ours.length > 0)
    claimWorkspaceFiles(
      worktree,
      ours.map((file) => file.path.slice(aoDir.length + 1)),
    );
  for (const file of launch.files) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content, { mode: 0o600 });
    chmodSync(file.path, 0o600);
  }
}

/** The server as a stdio entry, the shape Claude Code and Gemini CLI both read (`mcpServers.<name>`). */
export function stdioServerEntry(server: McpServerSpec): Record<string, unknown> {
  return { command: server.command, args: [...server.args], env: { ...server.env } };
}

/** Configuration files and contents ao merges into must be JSON objects; anything else is reported. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Workers run in safe mode (issue 13): a control-plane worker never gets its CLI's permission
 * bypass, even in a project that opted into `permissionless` — a commander's instructions reach it
 * unseen by a person. Every agent asks this instead of reading `input.permissions` itself.
 */
export function runsPermissionless(input: AgentLaunchInput): boolean {
  return input.permissions === "permissionless" && input.mcpServer === undefined;
}
