import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import {
  appendEvent,
  deleteConflictPair,
  listConflictPairs,
  putConflictPair,
  writeTransaction,
  type ConflictPair,
  type Session,
  type Store,
} from "../store/index.js";
import { mergePair, overlapFiles } from "./merge-check.js";
import { goneEvent, pairChange, type MergeFinding, type PairChange } from "./pair-change.js";
import { pairKey, radarWork, watchedPairs, type RadarHead, type WantedPair } from "./radar-pairs.js";
import { branchHead, defaultBranchHead, readRefHeads } from "./repo-heads.js";

/** One project as the radar sees it: its repository, default branch, and live sessions. */
export interface RadarProject {
  readonly id: string;
  readonly repo: string;
  readonly defaultBranch: string;
  readonly sessions: readonly Session[];
  /** When the pass runs (the cycle's time): the `since` of a pair that changed kind. */
  readonly at: number;
}

/** What one project's radar pass did: pairs merged, events written, the changes, what failed. */
export interface RadarPass {
  readonly merged: number;
  readonly events: number;
  /** The pairs checked this pass, with their event (for the reactions). */
  readonly changes: readonly PairChange[];
  readonly errors: readonly string[];
}

/**
 * One radar pass over a project (docs/conflicts.md): reads every head with one `for-each-ref`,
 * merges (merge-check.ts) only the pairs whose heads moved since they were stored — one
 * merge-tree each, then one diff-tree for the overlaps of all clean ones — and writes the new
 * rows and their `conflict.*` events in one transaction. A pair whose merge fails is left as it
 * was and named in `errors`; a session whose branch is not in the repository is not paired.
 */
export async function radarProject(ctx: AoContext, store: Store, project: RadarProject): Promise<RadarPass> {
  const refs = await readRefHeads(ctx, project.repo);
  const trees = new Map([...refs.values()].map((head) => [head.sha, head.tree]));
  const heads = project.sessions.flatMap((session): RadarHead[] => {
    const head = branchHead(refs, session.branch);
    if (head === undefined) return [];
    return [{ sessionId: session.id, branch: session.branch, createdAt: session.createdAt, sha: head.sha }];
  });
  const baseHead = defaultBranchHead(refs, project.defaultBranch);
  const base = baseHead && { branch: project.defaultBranch, sha: baseHead.sha };
  const stored = listConflictPairs(store, { project: project.id });
  const work = radarWork(watchedPairs(heads, base, stored), stored);
  const { findings, errors } = await findAll(ctx, project, work.check, trees);
  const previous = new Map(stored.map((pair) => [pairKey(pair), pair]));
  const changes = findings.map(({ wanted, finding }) =>
    pairChange(project.id, wanted, finding, previous.get(pairKey(wanted)), project.at),
  );
  const events = record(store, changes, work.gone);
  return { merged: work.check.length, events, changes, errors };
}

interface Found {
  wanted: WantedPair;
  finding: MergeFinding;
}

/** Each pair merged; the clean ones' overlaps in one batch after. */
async function findAll(
  ctx: AoContext,
  project: RadarProject,
  pairs: readonly WantedPair[],
  trees: ReadonlyMap<string, string>,
): Promise<{ findings: Found[]; errors: string[] }> {
  const findings: Found[] = [];
  const clean: { wanted: WantedPair; mergedTree: string }[] = [];
  const errors: string[] = [];
  for (const wanted of pairs) {
    try {
      const merge = await mergePair(ctx, project.repo, wanted.leftSha, wanted.rightSha);
      if (merge.conflict) findings.push({ wanted, finding: { kind: "conflict", ...merge } });
      else clean.push({ wanted, mergedTree: merge.tree });
    } catch (error) {
      errors.push(`${project.id}: ${wanted.left}/${wanted.right ?? wanted.rightBranch}: ${messageOf(error)}`);
    }
  }
  try {
    const overlaps = await overlapFiles(
      ctx,
      project.repo,
      clean.map(({ wanted, mergedTree }) => ({
        leftTree: trees.get(wanted.leftSha) ?? wanted.leftSha,
        rightTree: trees.get(wanted.rightSha) ?? wanted.rightSha,
        mergedTree,
      })),
    );
    clean.forEach(({ wanted }, index) => {
      const files = overlaps[index] ?? [];
      findings.push({
        wanted,
        finding: { kind: files.length === 0 ? "clean" : "overlap", files, hunks: [] },
      });
    });
  } catch (error) {
    errors.push(`${project.id}: overlaps: ${messageOf(error)}`);
  }
  return { findings, errors };
}

/** The checked pairs stored and the gone ones forgotten, with their events, in one transaction. */
function record(store: Store, changes: readonly PairChange[], gone: readonly ConflictPair[]): number {
  if (changes.length === 0 && gone.length === 0) return 0;
  return writeTransaction(store, (tx) => {
    let events = 0;
    for (const change of changes) {
      putConflictPair(tx, change.pair);
      if (change.event === undefined) continue;
      appendEvent(tx, change.event);
      events += 1;
    }
    for (const pair of gone) {
      deleteConflictPair(tx, pair);
      const event = goneEvent(pair);
      if (event === undefined) continue;
      appendEvent(tx, event);
      events += 1;
    }
    return events;
  });
}
