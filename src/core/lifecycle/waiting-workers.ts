import { getWorker, sessionsWithUnendedTurns, type Session, type Store } from "../store/index.js";

/**
 * Which of `sessions` are open control-plane workers with no turn under way (none queued, being
 * delivered or running): their agents wait for their commanders' next message, so the lifecycle is
 * told (`Observations.waitsForCommander`) that being quiet is idle, never stuck.
 */
export function workersWaitingForCommander(store: Store, sessions: readonly Session[]): Set<string> {
  const workers = sessions.filter((session) => getWorker(store, session.id)?.closedAt === null);
  if (workers.length === 0) return new Set();
  const busy = new Set(sessionsWithUnendedTurns(store));
  return new Set(workers.filter((session) => !busy.has(session.id)).map((session) => session.id));
}
