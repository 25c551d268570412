import type { ConflictView } from "../../core/conflicts/index.js";
import type { ConflictBrief } from "../api/types.js";

/**
 * A session's predicted conflicts and overlaps as its card shows them (docs/dashboard.md, "Conflict
 * radar"): each pair the radar stored (core/conflicts `readConflicts`, what `ao conflicts` lists)
 * seen from this session's side — the other session, or the default branch. Conflicts come first.
 * Only what changes when the radar's finding changes is carried (not when it last merged the
 * pair), so the stream sends a card again only when its marker changes.
 */
export function conflictBriefs(
  sessionId: string,
  views: readonly ConflictView[] | undefined,
): ConflictBrief[] {
  return (views ?? []).map((view) => {
    const side = view.sessions[0] === sessionId ? 1 : 0;
    return {
      kind: view.kind,
      with: view.sessions[side] ?? null,
      branch: view.branches[side],
      files: [...view.files],
      hunks: view.hunks.map(({ file, start, end }) => ({ file, start, end })),
      since: new Date(view.since).toISOString(),
    };
  });
}
