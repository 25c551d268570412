import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { TurnProgress } from "../core/control/index.js";

/**
 * MCP progress notifications while a call waits on a turn, only when the client sent a
 * progressToken: one each time the turn moves (queued → delivering → running). A commander CLI
 * that shows progress keeps the person informed; one that resets its timeout on progress waits on.
 */
export function progressReporter(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  tool: string,
): TurnProgress | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let step = 0;
  return (turn) => {
    step += 1;
    extra
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress: step, message: `${tool}: ${turn.id} is ${turn.status}` },
      })
      .catch(() => undefined);
  };
}
