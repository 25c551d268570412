import type { AoContext } from "../context.js";
import { closeStore, listSessions, openStore, type AgentExit, type SessionStatus } from "../store/index.js";

/** How far back `ao status` looks for sessions that ended by themselves. */
export const RECENTLY_ENDED_MS = 24 * 60 * 60 * 1000;

/** Ends nobody asked for: the agent exited, or ao gave up on the session. */
const UNASKED_ENDS: readonly SessionStatus[] = ["exited", "errored"];

export interface EndedSession {
  id: string;
  status: string;
  reason: string | null;
  exit: AgentExit | null;
}

/**
 * Sessions that ended by themselves within `withinMs` (exited, errored; not killed, merged or
 * closed, which a person or a forge did). Why: the active listing drops an ended session, so an
 * agent that died a second after spawn would just vanish from `ao status`; it names them instead.
 */
export function recentlyEndedSessions(
  ctx: AoContext,
  options: { project?: string | undefined; withinMs?: number } = {},
): EndedSession[] {
  const since = ctx.clock.now() - (options.withinMs ?? RECENTLY_ENDED_MS);
  const store = openStore(ctx);
  try {
    // In SQL: `ao status` in a loop must not read every session that ever ended.
    return listSessions(store, { project: options.project, statuses: UNASKED_ENDS, endedSince: since }).map(
      ({ id, status, reason, exit }) => ({ id, status, reason, exit }),
    );
  } finally {
    closeStore(store);
  }
}
