import { loadConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { findProject } from "../sessions/open-project.js";
import {
  closeStore,
  listConflictPairs,
  openStore,
  type ConflictHunk,
  type ConflictPair,
  type Store,
} from "../store/index.js";

/** One predicted conflict or overlap as `ao conflicts` shows it. */
export interface ConflictView {
  readonly project: string;
  readonly kind: "conflict" | "overlap";
  /** The earlier session, and the later one or null for the default branch. */
  readonly sessions: readonly [string, string | null];
  readonly branches: readonly [string, string];
  readonly heads: readonly [string, string];
  readonly files: readonly string[];
  readonly hunks: readonly ConflictHunk[];
  /** Since when the pair is in this kind (ms since the epoch), and when it was last merged. */
  readonly since: number;
  readonly checkedAt: number;
}

export interface ConflictListing {
  readonly conflicts: ConflictView[];
}

/**
 * What the radar found, as the daemon's last cycles stored it: conflicts first, then overlaps.
 * A project named that the configuration does not know is a usage error naming the known ones.
 */
export async function listConflicts(
  ctx: AoContext,
  options: { project?: string | undefined; configPath?: string | undefined } = {},
): Promise<ConflictListing> {
  if (options.project !== undefined)
    findProject(await loadConfig(ctx, { configPath: options.configPath }), options.project);
  const store = openStore(ctx);
  try {
    return { conflicts: conflictViews(store, options.project) };
  } finally {
    closeStore(store);
  }
}

/** The same from an open store (the dashboard's): conflicts first, then overlaps. */
export function conflictViews(store: Store, project?: string): ConflictView[] {
  const pairs = listConflictPairs(store, { project, kinds: ["conflict", "overlap"] });
  return pairs.map(conflictView).sort(byKind);
}

/** Each session's predicted conflicts and overlaps, by session id (`ao status` marks them). */
export function conflictMarks(conflicts: readonly ConflictView[]): Map<string, ConflictView[]> {
  const marks = new Map<string, ConflictView[]>();
  for (const view of conflicts)
    for (const id of view.sessions) if (id !== null) marks.set(id, [...(marks.get(id) ?? []), view]);
  return marks;
}

function conflictView(pair: ConflictPair): ConflictView {
  return {
    project: pair.project,
    kind: pair.kind === "conflict" ? "conflict" : "overlap",
    sessions: [pair.left, pair.right],
    branches: [pair.leftBranch, pair.rightBranch],
    heads: [pair.leftSha, pair.rightSha],
    files: pair.files,
    hunks: pair.hunks,
    since: pair.since,
    checkedAt: pair.checkedAt,
  };
}

function byKind(a: ConflictView, b: ConflictView): number {
  return (a.kind === b.kind ? 0 : a.kind === "conflict" ? -1 : 1) || a.since - b.since;
}
