import { messageOf } from "../errors.js";
import { getSession, type Turn } from "../store/index.js";
import { applySignal, endRunningTurn } from "./apply-signal.js";
import { lookAt, readSignal, type SessionLook } from "./read-signal.js";
import { recoverDelivery } from "./recover-delivery.js";
import type { TurnContext } from "./turn-context.js";

/** How many of a dead agent's last screen lines become the failed turn's words. */
const LAST_WORDS_LINES = 15;

/**
 * Catches one open turn up with the agent's signals. A running turn takes what `observeTurn` (or
 * core's screen observer) says; an agent that died before its signals ended the turn makes it
 * `failed`, with the last lines it printed as its words. A `delivering` turn is left to its
 * claimant while that one lives, and recovered once it is dead. Returns the turn as it is now.
 */
export async function observeTurn(tc: TurnContext, turn: Turn): Promise<Turn> {
  if (turn.status === "delivering") return recoverDelivery(tc, turn);
  if (turn.status !== "running") return turn;
  const session = getSession(tc.store, turn.sessionId);
  if (session === undefined) return endRunningTurn(tc.store, turn, "failed", "the session no longer exists");
  const sa = await tc.agentOf(session);
  const look = await lookAt(sa);
  // A probe that failed (tmux busy) says nothing about the agent: try again next time.
  if (look.liveness.state === "unknown") return turn;
  const now = tc.ctx.clock.now();
  const signal = await readSignal(sa, turn, look, now).catch((error: unknown) => {
    tc.ctx.logger.warn("an agent could not observe its turn", { turn: turn.id, error: messageOf(error) });
    return undefined;
  });
  const seen = signal === undefined ? turn : applySignal(tc.store, turn, signal, now);
  if (seen.status !== "running" || look.liveness.state === "alive") return seen;
  return endRunningTurn(tc.store, seen, "failed", lastWords(look));
}

/** What a dead agent left on its screen, else how it ended. */
function lastWords(look: SessionLook): string {
  const lines = (look.screen ?? "").split("\n").filter((line) => line.trim() !== "");
  if (lines.length > 0) return lines.slice(-LAST_WORDS_LINES).join("\n");
  if (look.liveness.state === "exited")
    return `the agent exited (code ${String(look.liveness.exitCode ?? "unknown")}) and left no output`;
  return "the agent's process is gone and left no output";
}
