import { AoError } from "../errors.js";
import type { Turn } from "../store/index.js";
import { describeTurnEnd } from "./turn-view.js";
import type { WaitResult } from "./wait-turn.js";

/**
 * Why a wait for a turn is a failure for the person who asked, naming the turn so a script can
 * pick it up again: it could not be delivered (E_NOT_DELIVERED), the deadline came first
 * (E_TURN_TIMEOUT), or, waiting for its end, it ended otherwise than `completed` (E_TURN_FAILED).
 * Undefined when the wait got what it was for.
 */
export function turnOutcomeError(
  waited: WaitResult,
  until: "delivered" | "ended",
  details: Record<string, unknown>,
): AoError | undefined {
  const turn = waited.turn;
  if (waited.takenOver !== undefined) return takenOverError(turn, waited.takenOver, details);
  if (turn.status === "failed" && turn.deliveredAt === null) return notDelivered(turn, details);
  if (waited.timedOut) return timedOut(turn, details);
  if (until === "ended" && turn.status !== "completed")
    return new AoError("E_TURN_FAILED", `${turn.sessionId}: ${describeTurnEnd(turn)}`, {
      hint: `\`ao turns show ${turn.id}\` shows the turn`,
      details,
    });
  return undefined;
}

/** A person drives the agent's TUI (`ao session takeover`): the turn waits, queued, for the handback. */
export function takenOverError(turn: Turn, words: string, details: Record<string, unknown> = {}): AoError {
  return new AoError(
    "E_SESSION_STATE",
    `${turn.sessionId} is taken over: ${words}; ${turn.id} stays queued`,
    {
      hint: `it is delivered after \`ao session handback ${turn.sessionId}\``,
      details,
    },
  );
}

function notDelivered(turn: Turn, details: Record<string, unknown>): AoError {
  return new AoError(
    "E_NOT_DELIVERED",
    `the message to ${turn.sessionId} (${turn.id}) was not delivered: ${turn.error ?? "no reason given"}`,
    {
      // Not "press Enter": on a sign-in screen (Codex's "Sign in with ChatGPT") Enter picks an option.
      hint: `look at the agent with \`ao session attach ${turn.sessionId}\` first; the text was pasted at most once, so do not send it again: if it sits in the agent's input box, submit it there; if the agent shows a screen of its own (sign-in, permission), answer that first`,
      details,
    },
  );
}

function timedOut(turn: Turn, details: Record<string, unknown>): AoError {
  const next =
    turn.status === "queued"
      ? "it stays queued: the daemon (`ao start`) delivers it once the agent's open turn ends"
      : "it goes on without this command";
  return new AoError(
    "E_TURN_TIMEOUT",
    `${turn.sessionId}: ${turn.id} is still ${turn.status} at the timeout; ${next}`,
    {
      hint: `\`ao turns wait ${turn.id}\` waits again; \`ao turns show ${turn.id}\` shows it`,
      details,
    },
  );
}
