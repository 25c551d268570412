import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ControlContext } from "../core/control/index.js";
import type { Commander } from "../core/store/index.js";
import { registerCommanderTools } from "./commander-tools.js";
import { registerPlanTools } from "./plan-tools.js";
import { registerWorkerTools } from "./worker-tools.js";

/** Who a connection is: a commander (its token checked) or a worker (its secret, checked per call). */
export type ControlIdentity =
  | { readonly kind: "commander"; readonly commander: Commander }
  | { readonly kind: "worker"; readonly secret: string };

const COMMANDER_INSTRUCTIONS =
  "ao runs other coding agents as your workers, each in its own git worktree and branch. " +
  "list_agents shows which agent CLIs can work; open_session opens a worker; send gives it an instruction " +
  "and waits up to about 40 s, else answers status running with a turn_id: then call wait_turn until it completes. " +
  "Never open a new worker to repeat an instruction: list_sessions shows yours. close_session when done. " +
  "For work bigger than one task, propose_orchestration proposes a plan; a person approves it, never you.";

const WORKER_INSTRUCTIONS =
  "You are a worker of another agent (your commander). When you have finished an instruction, " +
  "call orch_report once with your full final answer.";

/**
 * The MCP server of one connection: a commander sees the seven commander tools, a worker only
 * `orch_report`. Built per request (the HTTP transport is stateless), so a commander's identity
 * and the tools it sees are decided again at every call, and a daemon restart loses nothing.
 */
export function createControlServer(
  cc: ControlContext,
  identity: ControlIdentity,
  version: string,
): McpServer {
  const worker = identity.kind === "worker";
  const server = new McpServer(
    { name: "ao", title: "ao control plane", version },
    { capabilities: { tools: {} }, instructions: worker ? WORKER_INSTRUCTIONS : COMMANDER_INSTRUCTIONS },
  );
  if (identity.kind === "commander") {
    registerCommanderTools(server, cc, identity.commander);
    registerPlanTools(server, cc, identity.commander);
  } else registerWorkerTools(server, cc, () => identity.secret);
  return server;
}
