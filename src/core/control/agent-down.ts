import { AoError } from "../errors.js";
import { EXIT_SCREEN_LINES, exitLines } from "../sessions/exit-lines.js";
import { getSession, type Session, type Turn } from "../store/index.js";
import type { ControlContext } from "./control-context.js";

/** Enough of the CLI's own last words to say why it cannot run, not its whole screen. */
const WORDS = 5;

/**
 * A worker whose agent is not running (its CLI exited: not logged in, model retired, service
 * unreachable) is an error carrying that CLI's own last words and the way to see it fail — never a
 * silent queued turn (issue 13). The words are the exit ao recorded, else the dead pane's screen.
 */
export async function agentDownError(cc: ControlContext, turn: Turn): Promise<AoError> {
  const session = getSession(cc.store, turn.sessionId);
  const words = session === undefined ? [] : await lastWords(cc, session);
  const cli = session === undefined ? "the agent's CLI" : await cc.cliOf(session);
  const said = words.length > 0 ? `: ${words.join(" | ")}` : "";
  return new AoError(
    "E_SESSION_STATE",
    `${turn.sessionId}'s agent is not running${said}; ${turn.id} stays queued`,
    {
      hint: `run \`${cli}\` once in a terminal to see why it cannot run (not logged in, model retired, service unreachable); then close_session and open a new worker, or \`ao session restore ${turn.sessionId}\` in a terminal`,
      details: { turn: turn.id, session: turn.sessionId },
    },
  );
}

async function lastWords(cc: ControlContext, session: Session): Promise<string[]> {
  if (session.exit !== null && session.exit.lastLines.length > 0) return session.exit.lastLines.slice(-WORDS);
  try {
    const { runtime, handle } = await cc.turns.agentOf(session);
    const screen = await runtime.capture?.(handle, { lines: EXIT_SCREEN_LINES });
    return exitLines(screen ?? "").slice(-WORDS);
  } catch {
    return [];
  }
}
