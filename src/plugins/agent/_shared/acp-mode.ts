import type { Agent, AgentLaunchInput } from "../../../core/plugin-api.js";
import { acpAgentOf, acpHostIn } from "../acp/acp-agent.js";

/** The options every agent with an ACP mode has (plugin-options.ts `protocolOptions`). */
export interface ProtocolOptions {
  protocol: "terminal" | "acp";
  acpArgv?: string[] | undefined;
}

/**
 * A built-in agent's ACP adapter (docs/acp.md#protocol-acp-for-the-built-in-agents): the program
 * that speaks ACP for it, how to install it, and what a launch adds to it.
 */
export interface AcpAdapter {
  /** The adapter's program and arguments when the options give no `acpArgv`. */
  argv: readonly string[];
  /** The package that installs it, for doctor's fix (`npm i -g <package>`). */
  install: string;
  /** How it prints its version without starting a conversation; absent when it cannot. */
  versionArgs?: readonly string[] | undefined;
  /**
   * The agent's own TUI resuming an ACP conversation (`{session}` is its id), for `ao session
   * takeover`; absent when the TUI cannot resume the adapter's conversations.
   */
  takeover?: readonly string[] | undefined;
  /** Arguments and environment one launch adds (the session's model, a trusted worktree). */
  launchExtras?: ((input: AgentLaunchInput) => { args: string[]; env: Record<string, string> }) | undefined;
}

/** The adapter's argv for these options: `acpArgv` when given, else the adapter's own. */
export function adapterArgv(options: ProtocolOptions, adapter: AcpAdapter): string[] {
  return [...(options.acpArgv ?? adapter.argv)];
}

/**
 * The agent these options ask for: the plugin's terminal agent, or with `protocol: acp` the same
 * agent the `acp` plugin makes (acp/acp-agent.ts) running this agent's adapter, so activity,
 * turns, tool calls and questions behave exactly as there.
 */
export function agentForProtocol(
  options: ProtocolOptions,
  adapter: AcpAdapter,
  aoHome: string,
  terminal: () => Agent,
): Agent {
  if (options.protocol === "terminal") return terminal();
  const argv = adapterArgv(options, adapter);
  return acpAgentOf((input) => {
    const extras = adapter.launchExtras?.(input) ?? { args: [], env: {} };
    return { argv: [...argv, ...extras.args], env: extras.env, takeover: adapter.takeover };
  }, acpHostIn(aoHome));
}
