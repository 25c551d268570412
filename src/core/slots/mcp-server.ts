/**
 * How an agent is handed ao's MCP server when its session is a control-plane worker (issue 13):
 * the command its CLI spawns as an MCP server, per invocation, never written into the user's own
 * configuration. The worker's secret is in a 0600 file whose path is in `args`: no secret is ever
 * in argv or in the spec itself. Each agent plugin turns this into its CLI's own MCP flags.
 */
export interface McpServerSpec {
  /** The server's name in the agent's MCP configuration (`ao`: tools are `mcp__ao__orch_report`…). */
  readonly name: string;
  /** The program to run (node), then its arguments (`<ao>/bin/ao.js mcp --worker --secret-file …`). */
  readonly command: string;
  readonly args: readonly string[];
  /** Variables the server needs (AO_HOME); a CLI that filters its MCP servers' environment passes these. */
  readonly env: Readonly<Record<string, string>>;
  /** The only tools the worker may call without asking: allow-list these, and nothing else. */
  readonly tools: readonly string[];
}
