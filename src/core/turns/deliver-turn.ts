import { isAoError, messageOf } from "../errors.js";
import type { DeliveryResult, Liveness } from "../slots/index.js";
import type { SessionMessageSent } from "../events/index.js";
import {
  appendEvent,
  claimNextTurn,
  isTerminalStatus,
  endTurn,
  getSession,
  listTurns,
  markTurnDelivered,
  recordTurnCursor,
  requireTurn,
  writeTransaction,
  type Session,
  type Store,
  type Turn,
  type TurnClaimant,
} from "../store/index.js";
import { turnHold, type Hold } from "../gates/gates.js";
import { holdClaim } from "./claimant.js";
import { cursorProbe, lookAt, turnsOf, type SessionLook } from "./read-signal.js";
import type { SessionAgent, TurnContext } from "./turn-context.js";

export interface DeliveredTurn {
  /** The turn after the attempt: `running` once the runtime took it, else `failed` with why. */
  readonly turn: Turn;
  /** What the runtime said; absent when it was never asked (the agent could not take a cursor). */
  readonly delivery?: DeliveryResult | undefined;
}

/**
 * What one try to deliver a session's next turn did: delivered one (or failed trying, in `turn`),
 * found nothing this process could deliver (no queued turn, one still open, another process
 * first), or found the agent not running (the queued turns wait for a restore).
 */
export type DeliveryAttempt =
  | ({ readonly kind: "delivered" } & DeliveredTurn)
  | { readonly kind: "nothing" }
  | { readonly kind: "agent_down"; readonly liveness: Liveness }
  /** A person drives the agent's own TUI (`ao session takeover`): the turn waits for the handback. */
  | { readonly kind: "taken_over"; readonly words: string }
  /** A gate holds the session (its agent's usage limit, a budget): the turn stays queued. */
  | { readonly kind: "held"; readonly hold: Hold };

export interface DeliverOptions {
  /** Default true; false: submit once without waiting for the agent to react (`ao send --no-wait`). */
  readonly confirm?: boolean | undefined;
}

/**
 * Delivers the session's next queued turn, when it has no turn being delivered or worked on and
 * its agent is alive: claim it (compare-and-set, so one process delivers it), take the agent's
 * cursor and store it, then hand the text to the runtime once. Never retried: a delivery that the
 * runtime could not confirm ends the turn `failed`, since pasting again could give the agent the
 * message twice.
 */
export async function deliverNextTurn(
  tc: TurnContext,
  sessionId: string,
  options: DeliverOptions = {},
): Promise<DeliveryAttempt> {
  const session = getSession(tc.store, sessionId);
  if (session === undefined || isTerminalStatus(session.status) || session.runtimeHandle === null)
    return { kind: "nothing" };
  const next = nextQueuedTurn(tc.store, sessionId);
  const hold = next === undefined ? undefined : deliveryHold(tc, session, next);
  if (hold !== undefined) return { kind: "held", hold };
  const sa = await tc.agentOf(session);
  const look = await lookAt(sa);
  // A queued turn waits for a live agent: a restore brings the session back, and then it is delivered.
  if (look.liveness.state !== "alive") return { kind: "agent_down", liveness: look.liveness };
  const takenOver = await takenOverWords(sa, look);
  if (takenOver !== undefined) return { kind: "taken_over", words: takenOver };
  const claim = holdClaim();
  try {
    const turn = writeTransaction(tc.store, (tx) => claimNextTurn(tx, sessionId, claim.claimant));
    if (turn === undefined) return { kind: "nothing" };
    return { kind: "delivered", ...(await deliverClaimed(tc, sa, look, turn, claim.claimant, options)) };
  } finally {
    claim.release();
  }
}

async function deliverClaimed(
  tc: TurnContext,
  sa: SessionAgent,
  look: SessionLook,
  turn: Turn,
  claimant: TurnClaimant,
  options: DeliverOptions,
): Promise<DeliveredTurn> {
  const text = turn.messageText ?? "";
  const cursor = await turnsOf(sa)
    .turnCursor({ ...cursorProbe(sa, look), messageText: text })
    .catch((error: unknown) => new Error(messageOf(error)));
  if (cursor instanceof Error)
    return { turn: fail(tc, turn, claimant, `the agent could not start a turn: ${cursor.message}`) };
  const confirm = options.confirm !== false;
  let delivery: DeliveryResult;
  try {
    delivery = await handOver(tc, sa, turn.id, text, cursor, confirm);
  } catch (error) {
    const why = isAoError(error) && error.code === "E_NOT_FOUND" ? `${sa.session.id} is not running: ` : "";
    return { turn: fail(tc, turn, claimant, `${why}${messageOf(error)}`) };
  }
  // A runtime that predates `submitted` only confirms, and confirming implies submitting.
  const took = confirm ? delivery.confirmed : (delivery.submitted ?? delivery.confirmed);
  const sent = messageSent(turn, delivery, confirm);
  if (!took) {
    const what = confirm ? "pasted but not confirmed" : "pasted but not submitted";
    const error = `the message was ${what}: ${delivery.reason ?? "no reason given"}`;
    return { turn: fail(tc, turn, claimant, error, sent), delivery };
  }
  const delivered = writeTransaction(tc.store, (tx) => {
    markTurnDelivered(tx, turn.id, {
      token: claimant.token,
      attempts: delivery.attempts,
      confirmed: delivery.confirmed,
    });
    appendEvent(tx, sent);
    return requireTurn(tx, turn.id);
  });
  return { turn: delivered, delivery };
}

/**
 * Stores the turn's cursor and hands the text to the runtime. A stored cursor says "it may have
 * been pasted" (docs/turns.md, Recovery), so it is stored as late as the runtime lets: right before
 * its paste when it announces that, else before `deliver`.
 */
async function handOver(
  tc: TurnContext,
  sa: SessionAgent,
  turnId: string,
  text: string,
  cursor: string,
  confirm: boolean,
): Promise<DeliveryResult> {
  const storeCursor = once(() =>
    writeTransaction(tc.store, (tx) => recordTurnCursor(tx, turnId, cursor, null)),
  );
  const announces = sa.runtime.announcesPaste === true;
  if (!announces) storeCursor();
  const beforePaste = announces ? { beforePaste: storeCursor } : {};
  const delivery = await sa.runtime.deliver(sa.handle, text, { confirm, ...beforePaste });
  storeCursor();
  return delivery;
}

/** `run` the first time the returned function is called, never again. */
function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
}

/**
 * `session.message_sent`, as `ao send` wrote it before there were turns (scripts and `ao events`
 * readers rely on it), now naming the turn: written whenever the runtime was handed the text.
 */
function messageSent(turn: Turn, delivery: DeliveryResult, confirm: boolean): SessionMessageSent {
  return {
    type: "session.message_sent",
    sessionId: turn.sessionId,
    payload: {
      confirmed: delivery.confirmed,
      submitted: delivery.submitted ?? delivery.confirmed,
      waited: confirm,
      attempts: delivery.attempts,
      bytes: turn.message.bytes,
      sha256: turn.message.sha256,
      ...(delivery.reason === undefined ? {} : { reason: delivery.reason }),
      turnId: turn.id,
    },
  };
}

function fail(
  tc: TurnContext,
  turn: Turn,
  claimant: TurnClaimant,
  error: string,
  sent?: SessionMessageSent,
): Turn {
  return writeTransaction(tc.store, (tx) => {
    if (sent !== undefined) appendEvent(tx, sent);
    endTurn(tx, turn.id, { status: "failed", error, token: claimant.token });
    return requireTurn(tx, turn.id);
  });
}

/**
 * The gates at delivery: a usage limit holds every queued turn (the agent could not take it); a
 * budget holds the automated ones (reactions, control plane) — a person's turn was let past the
 * budget when it was given, with or without `--over-budget`.
 */
function nextQueuedTurn(store: Store, sessionId: string): Turn | undefined {
  return listTurns(store, { sessionId, statuses: ["queued"] })[0];
}

/** Whether a person took the session over (only agents that can hand over are asked: ACP's read a file). */
async function takenOverWords(sa: SessionAgent, look: SessionLook): Promise<string | undefined> {
  if (sa.agent.handOver === undefined) return undefined;
  const report = await sa.agent.activity(cursorProbe(sa, look)).catch(() => undefined);
  return report?.takenOver;
}

function deliveryHold(tc: TurnContext, session: Session, turn: Turn): Hold | undefined {
  const question = { store: tc.store, config: tc.config, now: tc.ctx.clock.now() };
  return turnHold(question, session, { overBudget: turn.origin === "cli" });
}
