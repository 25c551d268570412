import type { EventBase } from "./event-base.js";

/** One conflicting region, as lines of the three-way merge's result (docs/conflicts.md). */
interface HunkLines {
  file: string;
  start: number;
  end: number;
}

/**
 * The radar (docs/conflicts.md) found that two live sessions' branches, or a session's branch and
 * the default branch, would conflict (`conflict`) or change the same files (`overlap`) — or the
 * conflicting files changed. About the later session; `with` is the other side.
 */
export interface ConflictPredicted extends EventBase {
  type: "conflict.predicted";
  payload: {
    /** The project both sides belong to. */
    project: string;
    /** `conflict`: the merge has conflicting blocks; `overlap`: it is clean, but both sides change a same file. */
    kind: "conflict" | "overlap";
    /** The other session, or null for the default branch. */
    with: string | null;
    /** The two branches, the earlier session's first. */
    branches: [string, string];
    /** The two heads merged, in the same order. */
    heads: [string, string];
    /** The conflicting files (conflict), or the files both sides change (overlap). */
    files: string[];
    /** The conflicting blocks: file and first and last line in the merge result (markers included). */
    hunks: HunkLines[];
  };
}

/** A pair the radar had reported merges cleanly now, or one side of it ended. */
export interface ConflictCleared extends EventBase {
  type: "conflict.cleared";
  payload: {
    /** The project both sides belong to. */
    project: string;
    /** What it was. */
    was: "conflict" | "overlap";
    /** The other session, or null for the default branch. */
    with: string | null;
    /** The two branches, the earlier session's first. */
    branches: [string, string];
    /** `merges_cleanly`, or `session_ended` when a side is no longer live or lost its branch. */
    reason: "merges_cleanly" | "session_ended";
  };
}

/** The conflict radar (docs/conflicts.md): a pair predicted to conflict or overlap, and cleared. */
export type ConflictEvent = ConflictPredicted | ConflictCleared;
