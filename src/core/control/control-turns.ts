import { AoError } from "../errors.js";
import type { Commander, Session, Turn } from "../store/index.js";
import { requireTurn } from "../store/index.js";
import { pendingQuestion } from "../turns/answer-question.js";
import { waitForTurn } from "../turns/wait-turn.js";
import { takenOverError } from "../turns/turn-errors.js";
import { agentDownError } from "./agent-down.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";
import { giveControlTurn, type ControlTurnRequest } from "./give-control-turn.js";
import { requireOwnWorker, requireOwnWorkerToRead } from "./own-worker.js";
import { controlTurnResult, questionResult, type ControlTurnResult } from "./turn-result.js";

/** Told while a call waits: what the turn is doing now (for MCP progress notifications). */
export type TurnProgress = (turn: Turn) => void;

const POLL_MS = 250;
const HEARTBEAT_MS = 5_000;
/** `wait_turn` answers this long before the bound at the latest, so it never meets a cut-off. */
const BELOW_BOUND_MS = 1_000;

/**
 * `send`: gives the turn (once, see giveControlTurn) and waits for its reply, but never longer than
 * the bound: past it, the answer is `{status: "running", turn_id}` and the turn goes on.
 */
export async function sendBounded(
  cc: ControlContext,
  commander: Commander,
  request: ControlTurnRequest,
  onProgress?: TurnProgress,
): Promise<ControlTurnResult> {
  const given = await giveControlTurn(cc, commander, request);
  const { sendBoundMs } = controlPlaneOf(
    cc,
    requireOwnWorker(cc.store, commander, request.sessionId).project,
  );
  const result = await waitBounded(cc, given.turn.id, sendBoundMs, onProgress);
  return { ...result, deduplicated: given.deduplicated };
}

/** `send_async`: gives the turn and answers at once; the daemon delivers it in the background. */
export async function sendAsync(
  cc: ControlContext,
  commander: Commander,
  request: ControlTurnRequest,
): Promise<ControlTurnResult> {
  const given = await giveControlTurn(cc, commander, request);
  if (!given.deduplicated) deliverInBackground(cc, given.turn.id);
  return { ...(await controlTurnResult(cc, given.turn)), deduplicated: given.deduplicated };
}

/**
 * `wait_turn`: the reply once the turn ended, else `running` after at most `waitMs`, clamped below
 * the bound. Asking again is always safe: waiting changes nothing but how far the turn was followed.
 */
export async function waitControlTurn(
  cc: ControlContext,
  commander: Commander,
  turnId: string,
  waitMs: number | undefined,
  onProgress?: TurnProgress,
): Promise<ControlTurnResult> {
  const { turn, session } = ownTurn(cc, commander, turnId);
  const { sendBoundMs } = controlPlaneOf(cc, session.project);
  const ceiling = Math.max(0, sendBoundMs - BELOW_BOUND_MS);
  return waitBounded(cc, turn.id, Math.min(Math.max(0, waitMs ?? ceiling), ceiling), onProgress);
}

/**
 * A turn of one of the caller's workers, open or closed (a closed worker's replies stay readable
 * for the retention); any other is answered like a missing one.
 */
function ownTurn(cc: ControlContext, commander: Commander, turnId: string): { turn: Turn; session: Session } {
  try {
    const turn = requireTurn(cc.store, turnId);
    return { turn, session: requireOwnWorkerToRead(cc.store, commander, turn.sessionId) };
  } catch {
    throw noSuchTurn(turnId);
  }
}

function noSuchTurn(turnId: string): AoError {
  return new AoError("E_NOT_FOUND", `no turn ${turnId}`, {
    hint: "send and send_async answer with the turn_id to wait on; list_sessions shows each worker's turn",
    details: { turn: turnId },
  });
}

async function waitBounded(
  cc: ControlContext,
  turnId: string,
  timeoutMs: number,
  onProgress?: TurnProgress,
): Promise<ControlTurnResult> {
  // Told at each change, and every few seconds meanwhile: a client that shows progress (or
  // resets its timeout on it) sees the call is alive while the worker thinks.
  const heartbeat =
    onProgress === undefined
      ? undefined
      : setInterval(() => onProgress(requireTurn(cc.store, turnId)), HEARTBEAT_MS);
  // A running turn whose agent asks a permission question (ACP) waits for an answer, not for
  // time: the commander is told at once, with the question.
  let asked;
  const stopWhen = async (turn: Turn) => {
    asked = await pendingQuestion(cc.turns, turn.sessionId).catch(() => undefined);
    return asked !== undefined;
  };
  let waited;
  try {
    waited = await waitForTurn(cc.turns, turnId, {
      until: "ended",
      timeoutMs,
      pollMs: POLL_MS,
      onProgress: (turn) => onProgress?.(turn),
      stopWhen,
    });
  } finally {
    clearInterval(heartbeat);
  }
  if (waited.agentDown !== undefined) throw await agentDownError(cc, waited.turn);
  if (waited.takenOver !== undefined) throw takenOverError(waited.turn, waited.takenOver);
  if (waited.stopped === true && asked !== undefined) return questionResult(waited.turn, asked);
  return controlTurnResult(cc, waited.turn);
}

/** The daemon outlives the call: it delivers the queued turn now instead of at its next cycle. */
function deliverInBackground(cc: ControlContext, turnId: string): void {
  waitForTurn(cc.turns, turnId, { until: "delivered", timeoutMs: 60_000, pollMs: POLL_MS }).catch(
    (error: unknown) =>
      cc.ctx.logger.warn("could not deliver a control-plane turn", { turn: turnId, error: String(error) }),
  );
}
