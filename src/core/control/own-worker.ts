import { AoError } from "../errors.js";
import { getSession, getWorker, type Commander, type Session, type Store } from "../store/index.js";

/**
 * The caller's own open worker. Another commander's worker, a closed one and a session that was
 * never a worker are all answered exactly like a session that does not exist: the same error,
 * word for word, so a commander learns nothing about sessions it did not open.
 */
export function requireOwnWorker(store: Store, commander: Commander, sessionId: string): Session {
  const worker = getWorker(store, sessionId);
  const session = worker === undefined ? undefined : getSession(store, sessionId);
  if (
    worker !== undefined &&
    session !== undefined &&
    worker.commanderId === commander.id &&
    worker.closedAt === null
  )
    return session;
  throw noSuchWorker(sessionId);
}

export function noSuchWorker(sessionId: string): AoError {
  return new AoError("E_NOT_FOUND", `no session ${sessionId}`, {
    hint: "list_sessions lists the workers you opened; open_session opens one",
    details: { session: sessionId },
  });
}
