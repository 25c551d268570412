import { createHash } from "node:crypto";
import { AoError } from "../errors.js";
import { heldError, turnHold } from "../gates/gates.js";
import type { TurnOrigin } from "../slots/index.js";
import {
  appendEvent,
  insertTurn,
  isTerminalStatus,
  requireSession,
  writeTransaction,
  type Session,
  type Turn,
} from "../store/index.js";
import { lookAt } from "./read-signal.js";
import type { TurnContext } from "./turn-context.js";

export interface TurnRequest {
  readonly sessionId: string;
  readonly text: string;
  readonly origin: TurnOrigin;
  /** The reaction giving it: it gets one turn, however often it is attempted. */
  readonly reactionId?: number | undefined;
  /** The message's last line, when it names the message on screen (see recoverDelivery). */
  readonly marker?: string | undefined;
  /** A person gives it over budget (`ao send --over-budget`): recorded as `budget.overridden`. */
  readonly overBudget?: boolean | undefined;
}

/**
 * Queues a turn for a session whose agent is running, with its `turn.queued` event. Turns are
 * serialised per session: it is delivered when the session's open turn, if any, has ended (by
 * whoever gets there first: the sender waiting in line, or the daemon's cycle). A session that was
 * killed, ended or never started is refused, and so is one whose agent is not running: nothing is
 * queued for an agent that cannot take it.
 */
export async function giveTurn(tc: TurnContext, request: TurnRequest): Promise<Turn> {
  if (request.text.trim() === "")
    throw new AoError("E_USAGE", "the message is empty", {
      hint: "give the text as arguments, with --file, or on stdin",
    });
  const session = requireSession(tc.store, request.sessionId);
  if (isTerminalStatus(session.status))
    throw new AoError("E_SESSION_STATE", `cannot send to ${session.id}: it is ${session.status}`, {
      hint: `bring it back with \`ao session restore ${session.id}\``,
      details: { session: session.id, status: session.status },
    });
  const look = await lookAt(await tc.agentOf(session), { screen: false });
  if (look.liveness.state === "exited" || look.liveness.state === "missing")
    throw new AoError("E_NOT_FOUND", `${session.id} is not running: its agent ${describe(look.liveness)}`, {
      hint: `bring it back with \`ao session restore ${session.id}\``,
      details: { session: session.id },
    });
  const overridden = checkGates(tc, session, request);
  const sha256 = createHash("sha256").update(request.text, "utf8").digest("hex");
  const { overBudget: _overBudget, ...row } = request;
  return writeTransaction(tc.store, (tx) => {
    const turn = insertTurn(tx, { ...row, sha256 }).turn;
    if (overridden !== undefined)
      appendEvent(tx, {
        type: "budget.overridden",
        sessionId: session.id,
        payload: { turnId: turn.id, words: overridden },
      });
    return turn;
  });
}

/**
 * The gates (src/core/gates/): a session at its agent's usage limit, or over budget, is given no
 * turn. `overBudget` lets a person's turn past the budget (returned: the budget's words, for the
 * event), never past a usage limit: the agent could not take it.
 */
function checkGates(tc: TurnContext, session: Session, request: TurnRequest): string | undefined {
  const question = { store: tc.store, config: tc.config, now: tc.ctx.clock.now() };
  const hold = turnHold(question, session, { overBudget: request.overBudget });
  if (hold !== undefined)
    throw heldError(
      hold,
      `a turn for ${session.id}`,
      hold.gate === "rate_limit"
        ? "its agent is at its usage limit; the daemon (ao start) gives it a turn to continue after the reset"
        : `raise the budget in agent-orchestrator.yaml (budget:), or send anyway with \`ao send --over-budget ${session.id} …\``,
    );
  if (request.overBudget !== true) return undefined;
  return turnHold(question, session)?.words;
}

function describe(liveness: { state: "exited"; exitCode: number | null } | { state: "missing" }): string {
  return liveness.state === "missing" ? "is gone" : `exited (code ${String(liveness.exitCode ?? "unknown")})`;
}
