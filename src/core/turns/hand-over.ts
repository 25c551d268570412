import { AoError } from "../errors.js";
import { isTerminalStatus, openTurnOf, requireSession } from "../store/index.js";
import { advanceSession } from "./advance-turns.js";
import type { TurnContext } from "./turn-context.js";

/** What `ao session takeover` / `handback` did. */
export interface HandOverResult {
  readonly session: string;
  /** `tui`: the person drives the agent's own TUI; `ao`: ao gives turns again. */
  readonly to: "tui" | "ao";
  /** After a handback: the queued turn ao delivered at once, if one waited. */
  readonly delivered?: string | undefined;
}

/**
 * Hands a session's conversation to the agent's own TUI or back to ao (docs/acp.md, "Taking
 * over"), never with two writers: a takeover is refused while a turn is open (the host also
 * refuses while a question waits), and while taken over ao delivers no turn (deliver-turn.ts asks
 * the agent's `takenOver`). After a handback the first queued turn is delivered at once.
 */
export async function handOverSession(
  tc: TurnContext,
  sessionId: string,
  to: "tui" | "ao",
): Promise<HandOverResult> {
  const session = requireSession(tc.store, sessionId);
  if (isTerminalStatus(session.status))
    throw new AoError("E_SESSION_STATE", `${sessionId} has ended (${session.status})`, {
      hint: "only a live session can be taken over",
    });
  const sa = await tc.agentOf(session);
  if (sa.agent.handOver === undefined)
    throw new AoError("E_USAGE", `${sessionId} (${session.agent}) runs in its own TUI already`, {
      hint: `only sessions over ACP (agentConfig.protocol: acp) hand over; ao session attach ${sessionId} types into this one`,
    });
  const open = to === "tui" ? openTurnOf(tc.store, sessionId) : undefined;
  if (open !== undefined)
    throw new AoError("E_BUSY", `${sessionId} is working on ${open.id} (${open.status})`, {
      hint: `wait for it (ao turns wait ${open.id}) or end it (ao session interrupt ${sessionId})`,
    });
  await sa.agent.handOver(sessionId, to);
  if (to === "tui") return { session: sessionId, to };
  const attempt = await advanceSession(tc, sessionId, { deliver: true });
  return { session: sessionId, to, delivered: attempt.kind === "delivered" ? attempt.turn.id : undefined };
}
