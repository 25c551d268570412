import { AoError } from "../errors.js";
import { ENDED_TURN_STATUSES } from "../slots/index.js";
import {
  appendEvent,
  getTurn,
  listTurns,
  putRequestId,
  turnOfRequest,
  writeTransaction,
  type Commander,
  type Turn,
} from "../store/index.js";
import { giveTurn } from "../turns/give-turn.js";
import type { ControlContext } from "./control-context.js";
import { sha256Hex } from "./credentials.js";
import { requireOwnWorker } from "./own-worker.js";

/** How long after a turn ended the same message still means that turn (a commander's retry). */
export const DEDUPE_AFTER_END_MS = 60_000;

export interface ControlTurnRequest {
  readonly sessionId: string;
  readonly message: string;
  /** The commander's own key for this instruction: the same key always means the same turn. */
  readonly requestId?: string | undefined;
}

export interface GivenTurn {
  readonly turn: Turn;
  /** The worker already had this turn: nothing was injected again. */
  readonly deduplicated: boolean;
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Gives a commander's worker a turn, at most once per instruction: one turn at a time per worker;
 * the same message while the worker's turn is queued or running, or within a minute after it
 * ended, is that turn again (`deduplicated`); a different message while busy is refused with
 * E_BUSY naming the open turn. Commanders retry after their CLI cut a call off, and a model mints
 * a new key per retry, so the message itself is the key; a `request_id` is honoured on top.
 * Calls for one worker run one after another, so two retries arriving together inject once.
 */
export async function giveControlTurn(
  cc: ControlContext,
  commander: Commander,
  request: ControlTurnRequest,
): Promise<GivenTurn> {
  const before = inFlight.get(request.sessionId) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => giveOnce(cc, commander, request));
  inFlight.set(request.sessionId, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(request.sessionId) === run) inFlight.delete(request.sessionId);
  }
}

async function giveOnce(
  cc: ControlContext,
  commander: Commander,
  request: ControlTurnRequest,
): Promise<GivenTurn> {
  requireOwnWorker(cc.store, commander, request.sessionId);
  const again = sameTurn(cc, commander, request);
  if (again !== undefined) return recordGiven(cc, commander, request, again, true);
  const turn = await giveTurn(cc.turns, {
    sessionId: request.sessionId,
    text: request.message,
    origin: "mcp",
  });
  return recordGiven(cc, commander, request, turn, false);
}

/** The worker's turn this request repeats, if it repeats one; throws E_BUSY for another message. */
function sameTurn(cc: ControlContext, commander: Commander, request: ControlTurnRequest): Turn | undefined {
  if (request.requestId !== undefined) {
    const id = turnOfRequest(cc.store, commander.id, request.requestId);
    const turn = id === undefined ? undefined : getTurn(cc.store, id);
    if (turn?.sessionId === request.sessionId) return turn;
  }
  const latest = listTurns(cc.store, { sessionId: request.sessionId, limit: 1 })[0];
  if (latest === undefined) return undefined;
  const same = latest.message.sha256 === sha256Hex(request.message);
  if (!isEnded(latest)) {
    if (same) return latest;
    throw busy(cc, commander, latest);
  }
  const recent = (latest.endedAt ?? 0) >= cc.ctx.clock.now() - DEDUPE_AFTER_END_MS;
  return same && recent ? latest : undefined;
}

function busy(cc: ControlContext, commander: Commander, open: Turn): AoError {
  writeTransaction(cc.store, (tx) =>
    appendEvent(tx, {
      type: "control.turn_refused",
      sessionId: open.sessionId,
      payload: { commanderId: commander.id, commander: commander.name, runningTurnId: open.id },
    }),
  );
  return new AoError("E_BUSY", `${open.sessionId} is busy with ${open.id} (${open.status})`, {
    hint: `wait_turn {"turn_id": "${open.id}"} for its reply, then send the next message`,
    details: { session: open.sessionId, running_turn: open.id, status: open.status },
  });
}

function recordGiven(
  cc: ControlContext,
  commander: Commander,
  request: ControlTurnRequest,
  turn: Turn,
  deduplicated: boolean,
): GivenTurn {
  writeTransaction(cc.store, (tx) => {
    if (request.requestId !== undefined) putRequestId(tx, commander.id, request.requestId, turn.id);
    appendEvent(tx, {
      type: "control.turn_given",
      sessionId: turn.sessionId,
      payload: {
        commanderId: commander.id,
        commander: commander.name,
        turnId: turn.id,
        deduplicated,
        requestId: request.requestId !== undefined,
      },
    });
  });
  return { turn, deduplicated };
}

export function isEnded(turn: Pick<Turn, "status">): boolean {
  return (ENDED_TURN_STATUSES as readonly string[]).includes(turn.status);
}
