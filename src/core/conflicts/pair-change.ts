import type { ConflictEvent } from "../events/index.js";
import type { ConflictHunk, ConflictKind, ConflictPair } from "../store/index.js";
import type { WantedPair } from "./radar-pairs.js";

/** What the three-way merge of one pair found. */
export interface MergeFinding {
  readonly kind: ConflictKind;
  readonly files: readonly string[];
  readonly hunks: readonly ConflictHunk[];
}

/** The row to store for a checked pair, and the event it is worth, if any. */
export interface PairChange {
  readonly pair: ConflictPair;
  readonly event: ConflictEvent | undefined;
}

/**
 * A checked pair against what was stored, pure. Entering conflict or overlap, or a conflict whose
 * files changed, is `conflict.predicted`; leaving both is `conflict.cleared`. `since` is kept while
 * the kind stays. The event is about the later session (the default branch is never "later").
 */
export function pairChange(
  project: string,
  wanted: WantedPair,
  finding: MergeFinding,
  previous: ConflictPair | undefined,
  at: number,
): PairChange {
  const was = previous?.kind ?? "clean";
  const pair: ConflictPair = {
    project,
    ...wanted,
    kind: finding.kind,
    files: finding.files,
    hunks: finding.hunks,
    since: was === finding.kind && previous !== undefined ? previous.since : at,
    checkedAt: at,
  };
  if (finding.kind === "clean")
    return { pair, event: was === "clean" ? undefined : clearedEvent(pair, was, "merges_cleanly") };
  const same = was === finding.kind && sameList(previous?.files ?? [], finding.files);
  return { pair, event: same ? undefined : predictedEvent(pair, finding.kind) };
}

/** The event for a stored pair the radar forgets because a side ended; none for a clean one. */
export function goneEvent(pair: ConflictPair): ConflictEvent | undefined {
  return pair.kind === "clean" ? undefined : clearedEvent(pair, pair.kind, "session_ended");
}

/** The session a pair's news is for: the later one, or the session itself against the default branch. */
export function laterSession(pair: Pick<ConflictPair, "left" | "right">): string {
  return pair.right ?? pair.left;
}

/** The side the later session is told about. */
export function otherSide(pair: Pick<ConflictPair, "left" | "right">): string | null {
  return pair.right === null ? null : pair.left;
}

function predictedEvent(pair: ConflictPair, kind: "conflict" | "overlap"): ConflictEvent {
  return {
    type: "conflict.predicted",
    sessionId: laterSession(pair),
    payload: {
      project: pair.project,
      kind,
      with: otherSide(pair),
      branches: [pair.leftBranch, pair.rightBranch],
      heads: [pair.leftSha, pair.rightSha],
      files: [...pair.files],
      hunks: pair.hunks.map(({ file, start, end }) => ({ file, start, end })),
    },
  };
}

function clearedEvent(
  pair: ConflictPair,
  was: "conflict" | "overlap",
  reason: "merges_cleanly" | "session_ended",
): ConflictEvent {
  return {
    type: "conflict.cleared",
    sessionId: laterSession(pair),
    payload: {
      project: pair.project,
      was,
      with: otherSide(pair),
      branches: [pair.leftBranch, pair.rightBranch],
      reason,
    },
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
