import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  closeOwnWorker,
  type ControlContext,
  sendAsync,
  sendBounded,
  waitControlTurn,
  listAgents,
  listOwnWorkers,
  openWorker,
} from "../core/control/index.js";
import type { Commander } from "../core/store/index.js";
import { registerPermissionTool } from "./permission-tools.js";
import { progressReporter } from "./progress.js";
import { toolAnswer } from "./tool-result.js";
import * as s from "./tool-schemas.js";

/**
 * The eight tools a commander calls. The commander is who its connection says (an `ao mcp`
 * process's token, or the HTTP bearer): no tool takes an identity, and every worker a tool names
 * must be the caller's own (another's is answered like a missing one).
 */
export function registerCommanderTools(server: McpServer, cc: ControlContext, commander: Commander): void {
  server.registerTool(
    "list_agents",
    {
      title: "List agent CLIs",
      description:
        "The agent CLIs installed on this machine (found on PATH, with versions) and the agents the projects are configured with (configured_in), and whether each can be a worker.",
      outputSchema: s.listAgentsOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => toolAnswer(async () => ({ agents: await listAgents(cc) })),
  );
  server.registerTool(
    "open_session",
    {
      title: "Open a worker session",
      description:
        "Opens a worker: a new ao session with its own git worktree, branch and terminal, running the given agent CLI. Keep its session_id; list_sessions shows your workers.",
      inputSchema: s.openSessionInput,
      outputSchema: s.openSessionOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    (args) => toolAnswer(() => openWorker(cc, commander, args)),
  );
  server.registerTool(
    "send",
    {
      title: "Give a worker a turn and wait",
      description:
        'Sends a message to your worker and waits for its reply, at most the server\'s bound (about 40 s): past it, answers {status: "running", turn_id}; then call wait_turn. Sending the same message again never sends it twice. A different message while the worker is busy is refused (busy).',
      inputSchema: s.sendInput,
      outputSchema: s.turnResultShape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      toolAnswer(() => sendBounded(cc, commander, controlRequest(args), progressReporter(extra, "send"))),
  );
  server.registerTool(
    "send_async",
    {
      title: "Give a worker a turn",
      description:
        "Sends a message to your worker and answers at once with its turn_id; wait_turn gets the reply.",
      inputSchema: s.sendInput,
      outputSchema: s.turnResultShape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args) => toolAnswer(() => sendAsync(cc, commander, controlRequest(args))),
  );
  registerReadTools(server, cc, commander);
  registerPermissionTool(server, cc, commander);
  server.registerTool(
    "close_session",
    {
      title: "Close a worker",
      description:
        "Kills your worker's session (its branch stays) and ends your right to drive it; wait_turn still answers its turns within the reply retention.",
      inputSchema: s.closeSessionInput,
      outputSchema: s.closeSessionOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) => toolAnswer(() => closeOwnWorker(cc, commander, args.session_id)),
  );
}

function registerReadTools(server: McpServer, cc: ControlContext, commander: Commander): void {
  server.registerTool(
    "wait_turn",
    {
      title: "Wait for a turn's reply",
      description:
        'The reply of a turn once it ended, else {status: "running"} after at most wait_s seconds (below the send bound). Always safe to ask again.',
      inputSchema: s.waitTurnInput,
      outputSchema: s.turnResultShape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      toolAnswer(() =>
        waitControlTurn(
          cc,
          commander,
          args.turn_id,
          args.wait_s === undefined ? undefined : args.wait_s * 1000,
          progressReporter(extra, "wait_turn"),
        ),
      ),
  );
  server.registerTool(
    "list_sessions",
    {
      title: "List your workers",
      description:
        "Your open workers with their latest turn, so you continue one instead of opening another.",
      outputSchema: s.listSessionsOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => toolAnswer(() => ({ sessions: listOwnWorkers(cc, commander) })),
  );
}

function controlRequest(args: { session_id: string; message: string; request_id?: string | undefined }) {
  return { sessionId: args.session_id, message: args.message, requestId: args.request_id };
}
