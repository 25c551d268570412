import { join } from "node:path";
import type { AgentLaunchInput, LaunchSpec, McpServerSpec } from "../../../core/plugin-api.js";

/**
 * How an ACP session starts (docs/acp.md): the runtime runs ao's own host (`ao acp-host`, a hidden
 * command of the same ao), which starts the ACP agent (`agentArgv`) and speaks ACP to it. Pure: the
 * host's argv and environment from the launch input. The host finds its record the way this plugin
 * does (acpRecordPath of AO_HOME and the session, both in every session's environment) and works in
 * the directory the runtime starts it in (the worktree, or its place in a container), so neither
 * is on its command line.
 */
export interface HostLaunch {
  /** The node running ao, and ao's bin/ao.js. */
  node: string;
  aoScript: string;
  /** Where the records are read (AO_HOME): the host writes under the same AO_HOME. */
  aoHome: string;
  agentArgv: readonly string[];
  env: Readonly<Record<string, string>>;
  /** The TUI `ao session takeover` runs, `{session}` in it; absent: no takeover. */
  takeover?: readonly string[] | undefined;
}

/** The variable the host reads a control-plane worker's MCP servers from (never argv: it names a secret's file). */
export const MCP_SERVERS_VARIABLE = "AO_ACP_MCP_SERVERS";

export function hostLaunchSpec(host: HostLaunch, input: AgentLaunchInput, load?: string): LaunchSpec {
  const argv = [
    host.node,
    host.aoScript,
    "acp-host",
    "--session",
    input.sessionId,
    "--prompt-file",
    input.promptFile,
    ...(load === undefined ? [] : ["--load", load]),
    // Kind names only (a closed list the config checked): nothing secret or untrusted.
    ...(input.autoAllow === undefined || input.autoAllow.length === 0
      ? []
      : ["--auto-allow", input.autoAllow.join(",")]),
    // The configured TUI's argv (a program and words, never a shell string, nothing secret).
    ...(host.takeover === undefined || host.takeover.length === 0
      ? []
      : ["--takeover", JSON.stringify(host.takeover)]),
    "--",
    ...host.agentArgv,
  ];
  const env: Record<string, string> = { ...host.env };
  if (input.mcpServer !== undefined)
    env[MCP_SERVERS_VARIABLE] = JSON.stringify([acpMcpServer(input.mcpServer)]);
  return { argv, env };
}

/** ao's MCP server in ACP's `McpServer` (stdio) shape, as `session/new` takes it. */
export function acpMcpServer(server: McpServerSpec): {
  name: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
} {
  return {
    name: server.name,
    command: server.command,
    args: [...server.args],
    env: Object.entries(server.env).map(([name, value]) => ({ name, value })),
  };
}

/** ao's entry script under its package root. */
export function aoScriptIn(packageRoot: string): string {
  return join(packageRoot, "bin", "ao.js");
}
