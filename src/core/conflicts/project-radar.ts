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
import { checkPair } from "./merge-check.js";
import { goneEvent, pairChange, type PairChange } from "./pair-change.js";
import { pairKey, radarWork, wantedPairs, type RadarHead } from "./radar-pairs.js";
import { branchHead, readRefHeads } from "./repo-heads.js";

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
 * merges (merge-check.ts) only the pairs whose heads moved since they were stored, then writes the
 * new rows and their `conflict.*` events in one transaction. A pair whose merge fails is left as it
 * was and named in `errors`; a session whose branch is not in the repository is not paired.
 */
export async function radarProject(ctx: AoContext, store: Store, project: RadarProject): Promise<RadarPass> {
  const refs = await readRefHeads(ctx, project.repo);
  const heads = project.sessions.flatMap((session): RadarHead[] => {
    const sha = branchHead(refs, session.branch);
    return sha === undefined
      ? []
      : [{ sessionId: session.id, branch: session.branch, createdAt: session.createdAt, sha }];
  });
  const baseSha = branchHead(refs, project.defaultBranch);
  const base = baseSha === undefined ? undefined : { branch: project.defaultBranch, sha: baseSha };
  const stored = listConflictPairs(store, { project: project.id });
  const work = radarWork(wantedPairs(heads, base), stored);
  const previous = new Map(stored.map((pair) => [pairKey(pair), pair]));
  const changes: PairChange[] = [];
  const errors: string[] = [];
  for (const wanted of work.check) {
    try {
      const finding = await checkPair(ctx, project.repo, wanted.leftSha, wanted.rightSha);
      changes.push(pairChange(project.id, wanted, finding, previous.get(pairKey(wanted)), project.at));
    } catch (error) {
      errors.push(`${project.id}: ${wanted.left}/${wanted.right ?? wanted.rightBranch}: ${messageOf(error)}`);
    }
  }
  const events = record(store, changes, work.gone);
  return { merged: work.check.length, events, changes, errors };
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
