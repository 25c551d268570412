import {
  latestEventOf,
  updateSession,
  writeTransaction,
  type Store,
  type StoredEvent,
} from "../store/index.js";
import type { SessionProbe } from "./probe-sessions.js";

/**
 * The `session.workspace_removed` event that still stands for this session: its newest one when no
 * `session.restored` (which makes the checkout again) came after it; undefined otherwise.
 */
export function standingWorkspaceRemoval(store: Store, sessionId: string): StoredEvent | undefined {
  const removed = latestEventOf(store, sessionId, "session.workspace_removed");
  if (removed === undefined) return undefined;
  const restored = latestEventOf(store, sessionId, "session.restored");
  return restored !== undefined && restored.id > removed.id ? undefined : removed;
}

/**
 * Records `session.workspace_removed` with `by: "outside"` for each live session a probe found
 * without its checkout (`SessionProbe.workspaceMissing`), once per disappearance: not again while
 * the removal stands (see `standingWorkspaceRemoval`). Returns the ids it recorded; nothing is
 * written when no checkout is missing.
 */
export function recordMissingWorkspaces(
  store: Store,
  sessions: readonly { id: string; worktree: string }[],
  probes: ReadonlyMap<string, SessionProbe>,
): string[] {
  const missing = sessions.filter((session) => probes.get(session.id)?.workspaceMissing === true);
  if (missing.length === 0) return [];
  return writeTransaction(store, (tx) =>
    missing
      .filter((session) => standingWorkspaceRemoval(tx, session.id) === undefined)
      .map(({ id, worktree }) => {
        updateSession(
          tx,
          id,
          {},
          { type: "session.workspace_removed", payload: { worktree, by: "outside" } },
        );
        return id;
      }),
  );
}
