import { messageOf } from "../errors.js";
import {
  endTurn,
  getSession,
  markTurnDelivered,
  requeueTurn,
  requireTurn,
  writeTransaction,
  type Turn,
} from "../store/index.js";
import { applySignal } from "./apply-signal.js";
import { claimIsLive } from "./claimant.js";
import { clearInput } from "./clear-input.js";
import { lookAt, readSignal, type SessionLook } from "./read-signal.js";
import type { SessionAgent, TurnContext } from "./turn-context.js";

/**
 * A turn left `delivering` by a process that died (a CLI killed mid-paste, a daemon killed in a
 * cycle). It is never delivered again: whether it arrived is read from what is there.
 * - No cursor stored: the process died before it pasted anything; the turn is queued again and
 *   delivered next (the agent provably never got it).
 * - Its marker line on the agent's screen (a reaction's `[ao reaction N]`): the text arrived;
 *   Enter is pressed once, since the paste may never have been submitted (harmless on an empty prompt).
 * - The agent's signals after the cursor show it started or ended: it arrived.
 * - Otherwise it failed, "delivery interrupted", and a person decides whether to send it again.
 */
export async function recoverDelivery(tc: TurnContext, turn: Turn): Promise<Turn> {
  const now = tc.ctx.clock.now();
  if (claimIsLive(turn, now)) return turn;
  const token = turn.claimant?.token ?? "";
  // No cursor stored: it died before the paste, so the agent provably never got it; deliver it again.
  if (turn.cursor === null) return requeue(tc, turn, token, "its deliverer died before it pasted anything");
  const session = getSession(tc.store, turn.sessionId);
  if (session === undefined) return failDelivery(tc, turn, token, "its session no longer exists");
  const sa = await tc.agentOf(session);
  const look = await lookAt(sa);
  if (look.liveness.state === "unknown") return turn;
  if (await showsMarker(sa, turn, look)) return delivered(tc, turn, token);
  const signal = await readSignal(sa, turn, look, now).catch((error: unknown) => {
    tc.ctx.logger.warn("an agent could not observe its turn", { turn: turn.id, error: messageOf(error) });
    return undefined;
  });
  if (signal === undefined || signal.state === "waiting") return failUnsubmitted(tc, sa, turn, token, look);
  return applySignal(tc.store, delivered(tc, turn, token), signal, now);
}

async function showsMarker(sa: SessionAgent, turn: Turn, look: SessionLook): Promise<boolean> {
  const marker = turn.marker;
  if (marker === null || look.screen === undefined) return false;
  if (!look.screen.split("\n").some((line) => line.trim() === marker)) return false;
  await sa.runtime.submit?.(sa.handle).catch(() => undefined);
  return true;
}

/**
 * No sign the agent took it: the kill may have come between the paste and Enter, leaving the text
 * in the agent's input box, where the next paste would be glued to it. The input is cleared (its
 * keys, pressed until the screen stops changing, are harmless on an empty one) and the turn fails,
 * never sent again.
 */
async function failUnsubmitted(
  tc: TurnContext,
  sa: SessionAgent,
  turn: Turn,
  token: string,
  look: SessionLook,
): Promise<Turn> {
  const lines = (turn.messageText ?? "").split("\n").length;
  const cleared = await clearInput(tc, sa, look.screen, lines);
  const shown =
    look.screen !== undefined && lastLine(turn).length > 0 && look.screen.includes(lastLine(turn));
  const what = shown ? "it was pasted but not submitted" : "the agent shows no sign of the message";
  const input = cleared ? "; its input was cleared so nothing is glued to the next message" : "";
  return failDelivery(tc, turn, token, `${what}${input}, and it was not sent again`);
}

function lastLine(turn: Turn): string {
  return (turn.messageText ?? "").trim().split("\n").at(-1)?.trim() ?? "";
}

function delivered(tc: TurnContext, turn: Turn, token: string): Turn {
  return writeTransaction(tc.store, (tx) => {
    markTurnDelivered(tx, turn.id, { token, attempts: 1, confirmed: false });
    return requireTurn(tx, turn.id);
  });
}

function failDelivery(tc: TurnContext, turn: Turn, token: string, why: string): Turn {
  return writeTransaction(tc.store, (tx) => {
    endTurn(tx, turn.id, { status: "failed", error: `delivery interrupted: ${why}`, token });
    return requireTurn(tx, turn.id);
  });
}

function requeue(tc: TurnContext, turn: Turn, token: string, why: string): Turn {
  return writeTransaction(tc.store, (tx) => {
    requeueTurn(tx, turn.id, token, why);
    return requireTurn(tx, turn.id);
  });
}
