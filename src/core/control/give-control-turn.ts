import { AoError, messageOf } from "../errors.js";
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
import { advanceSession } from "../turns/advance-turns.js";
import { giveTurn } from "../turns/give-turn.js";
import type { ControlContext } from "./control-context.js";
import { sha256Hex } from "../credentials/credentials.js";
import { requireOwnWorker } from "./own-worker.js";

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
 * Gives a commander's worker a turn, at most once per instruction. With a `request_id` the key
 * decides: the same key is the same turn however late (the same key with another message is
 * refused, E_REQUEST_ID_REUSED), a new key is a new instruction even when its text repeats one
 * ("continue" twice). Without a key the text decides, but only while the first is still queued or
 * running (a retry after the commander's CLI cut the call off): once it ended, the same text is a
 * new turn. Another instruction while the commander's own turn is open is refused with E_BUSY; a
 * turn the commander did not give (the spawn's task, a reaction) is waited behind in line. Calls
 * for one worker run one after another, so two retries arriving together inject once.
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
  await settleOpenTurn(cc, request.sessionId);
  const again = sameTurn(cc, commander, request);
  if (again !== undefined) return recordGiven(cc, commander, request, again, true);
  const turn = await giveTurn(cc.turns, {
    sessionId: request.sessionId,
    text: request.message,
    origin: "mcp",
  });
  return recordGiven(cc, commander, request, turn, false);
}

/**
 * The worker's turn this request repeats, if it repeats one; throws E_BUSY while the commander's
 * own turn is open, E_REQUEST_ID_REUSED for a key given before with another message.
 */
function sameTurn(cc: ControlContext, commander: Commander, request: ControlTurnRequest): Turn | undefined {
  const sha256 = sha256Hex(request.message);
  const keyed = request.requestId === undefined ? undefined : turnOfKey(cc, commander, request);
  if (keyed !== undefined) {
    if (keyed.message.sha256 !== sha256) throw keyReused(keyed, request.requestId ?? "");
    return keyed;
  }
  const open = listTurns(cc.store, { sessionId: request.sessionId, statuses: OPEN_STATUSES }).findLast(
    (turn) => turn.origin === "mcp",
  );
  if (open === undefined) return undefined;
  if (request.requestId === undefined && open.message.sha256 === sha256) return open;
  throw busy(cc, commander, open);
}

const OPEN_STATUSES = ["queued", "delivering", "running"] as const;

function turnOfKey(cc: ControlContext, commander: Commander, request: ControlTurnRequest): Turn | undefined {
  const id = turnOfRequest(cc.store, commander.id, request.requestId ?? "");
  const turn = id === undefined ? undefined : getTurn(cc.store, id);
  return turn?.sessionId === request.sessionId ? turn : undefined;
}

function keyReused(turn: Turn, requestId: string): AoError {
  return new AoError(
    "E_REQUEST_ID_REUSED",
    `request_id ${JSON.stringify(requestId)} was already used for another message (${turn.id}); this one was not sent`,
    {
      hint: `give each new message a new request_id (or none); wait_turn {"turn_id": "${turn.id}"} answers the earlier one`,
      details: { session: turn.sessionId, turn: turn.id, request_id: requestId },
    },
  );
}

/**
 * A turn whose end signal is already there is ended before the busy check: an idle worker is
 * never refused because nobody had looked since it finished. A look that fails leaves the turn as
 * it was (the busy answer then names it).
 */
async function settleOpenTurn(cc: ControlContext, sessionId: string): Promise<void> {
  await advanceSession(cc.turns, sessionId).catch((error: unknown) =>
    cc.ctx.logger.warn("could not catch a worker's turn up", { session: sessionId, error: messageOf(error) }),
  );
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
