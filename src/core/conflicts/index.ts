/**
 * The conflict radar (docs/conflicts.md): which live sessions' branches would conflict with each
 * other or with the default branch, by a real three-way merge of their heads, kept per pair of
 * heads so a cycle merges only what moved.
 */
export { radarProject, type RadarPass, type RadarProject } from "./project-radar.js";
export { mergePair, overlapFiles, type CleanMerge, type PairMerge } from "./merge-check.js";
export { conflictHunks } from "./conflict-hunks.js";
export { parseMergeTree, parseTreeDiffs, type MergeTreeOutput } from "./merge-tree-output.js";
export {
  pairKey,
  radarWork,
  wantedPairs,
  type RadarHead,
  type RadarWork,
  type WantedPair,
} from "./radar-pairs.js";
export {
  goneEvent,
  laterSession,
  otherSide,
  pairChange,
  type MergeFinding,
  type PairChange,
} from "./pair-change.js";
export { branchHead, defaultBranchHead, readRefHeads, type RefHead, type RefHeads } from "./repo-heads.js";
export {
  conflictMarks,
  conflictViews,
  listConflicts,
  type ConflictView,
  type ConflictListing,
} from "./list-conflicts.js";
