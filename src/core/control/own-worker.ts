import { AoError } from "../errors.js";
import { getSession, getWorker, type Commander, type Session, type Store } from "../store/index.js";

/**
 * The caller's own open worker. Another commander's worker, a closed one and a session that was
 * never a worker are all answered exactly like a session that does not exist: the same error,
 * word for word, so a commander learns nothing about sessions it did not open.
 */
export function requireOwnWorker(store: Store, commander: Commander, sessionId: string): Session {
  return ownWorker(store, commander, sessionId, { closed: false });
}

/**
 * The caller's own worker, open or closed: what reading a turn needs. Closing a worker ends the
 * commander's right to drive it, not to collect what it already answered; the reply retention
 * (turn-result.ts) bounds how long. Anyone else's worker is still answered like a missing one.
 */
export function requireOwnWorkerToRead(store: Store, commander: Commander, sessionId: string): Session {
  return ownWorker(store, commander, sessionId, { closed: true });
}

function ownWorker(
  store: Store,
  commander: Commander,
  sessionId: string,
  allow: { closed: boolean },
): Session {
  const worker = getWorker(store, sessionId);
  const session = worker === undefined ? undefined : getSession(store, sessionId);
  const mine = worker !== undefined && worker.commanderId === commander.id;
  if (mine && session !== undefined && (allow.closed || worker.closedAt === null)) return session;
  throw noSuchWorker(sessionId);
}

export function noSuchWorker(sessionId: string): AoError {
  return new AoError("E_NOT_FOUND", `no session ${sessionId}`, {
    hint: "list_sessions lists the workers you opened; open_session opens one",
    details: { session: sessionId },
  });
}
