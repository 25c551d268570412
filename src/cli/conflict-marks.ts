import type { ConflictView } from "../core/conflicts/index.js";

/** The conflict radar's pairs by session id (core's `conflictMarks`). */
export type SessionConflicts = ReadonlyMap<string, readonly ConflictView[]>;

/** A session's pairs for `ao status --json`: the other side, the kind, the files. */
export function conflictsOf(
  conflicts: SessionConflicts,
  sessionId: string,
): { with: string; kind: "conflict" | "overlap"; files: readonly string[] }[] {
  return (conflicts.get(sessionId) ?? []).map((view) => ({
    with: otherOf(view, sessionId),
    kind: view.kind,
    files: view.files,
  }));
}

/** `conflict app-2, overlap main`: conflicts first, then overlaps; `-` for none. */
export function conflictCell(conflicts: SessionConflicts, sessionId: string): string {
  const listed = conflictsOf(conflicts, sessionId);
  if (listed.length === 0) return "-";
  return listed.map((entry) => `${entry.kind} ${entry.with}`).join(", ");
}

/** The side of a pair that is not `sessionId`: the other session, or the default branch. */
function otherOf(view: ConflictView, sessionId: string): string {
  const [left, right] = view.sessions;
  if (right === null) return view.branches[1];
  return left === sessionId ? right : left;
}
