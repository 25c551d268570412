import { readConflicts, type ConflictView } from "../../core/conflicts/index.js";
import type { Session, Store } from "../../core/store/index.js";
import { readQueue } from "../../core/train/index.js";
import type { ConflictDetail, QueuePlaceDetail } from "../api/types.js";

/**
 * What the session page shows of issue 28 for one session: the conflict radar's findings for its
 * branch (what `ao conflicts` lists, read by core's `readConflicts`) and its place in the merge
 * queue (what `ao queue` lists, read by core's `readQueue`), from the daemon's store.
 */
export function sessionMergeFacts(
  store: Store,
  session: Session,
  now: number,
): { conflicts: ConflictDetail[]; queue: QueuePlaceDetail | null } {
  const conflicts = readConflicts(store, session.project)
    .filter((view) => view.sessions.includes(session.id))
    .map((view) => conflictDetail(view, session.id));
  const { queue } = readQueue(store, { project: session.project, recent: 0 }, now);
  const entry = queue.find((candidate) => candidate.session === session.id);
  if (entry === undefined || entry.place === null || entry.state === "landed" || entry.state === "left")
    return { conflicts, queue: null };
  return {
    conflicts,
    queue: {
      entry: entry.entry,
      place: entry.place,
      of: queue.length,
      state: entry.state,
      note: entry.note,
      eta: entry.eta === null ? null : new Date(entry.eta).toISOString(),
      enteredAt: new Date(entry.enteredAt).toISOString(),
    },
  };
}

/** A pair seen from this session's side: the other session (null: the default branch) and its branch. */
function conflictDetail(view: ConflictView, id: string): ConflictDetail {
  const mine = view.sessions[0] === id ? 0 : 1;
  const other = mine === 0 ? 1 : 0;
  return {
    kind: view.kind,
    with: view.sessions[other] ?? null,
    branch: view.branches[other],
    files: [...view.files],
    hunks: view.hunks.map((hunk) => ({ file: hunk.file, start: hunk.start, end: hunk.end })),
    since: new Date(view.since).toISOString(),
    checkedAt: new Date(view.checkedAt).toISOString(),
  };
}
