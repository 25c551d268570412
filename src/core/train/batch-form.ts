import {
  getSession,
  recordQueueStep,
  writeTransaction,
  type QueueEntry,
  type Session,
} from "../store/index.js";
import { buildCandidate } from "./candidate.js";
import { baseHead } from "./forge-side.js";
import { branchHead } from "./move-branch.js";
import { blocked, scratchDir } from "./prepare-entry.js";
import { leaveQueue } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/** A member as stacked: the head it was built from, the commit it was stacked onto, its commit. */
interface Stacked {
  readonly entry: QueueEntry;
  readonly session: Session;
  readonly head: string;
  readonly onto: string;
  readonly sha: string;
  readonly how: "rebase" | "merge" | "none";
}

type Left = { session: Session; entryId: number };

/**
 * mergeQueue.batch: the first up-to-N entries in queue order whose agents have no open turn (the
 * batch ends before the first that has one) are stacked — each brought up to date onto the one
 * before it, the first onto the default branch, as `update` says — in the object store and scratch
 * worktrees only. A member that conflicts while stacking leaves with the conflict (its agent gets
 * the usual turn) and the rest stack on. The stack is recorded in one transaction (`updating`, its
 * place in `detail.batch`), so a daemon killed before that stacks it again from scratch.
 */
export async function formBatch(world: TrainWorld, ordered: readonly QueueEntry[]): Promise<StepOutcome> {
  const base = await baseHead(world);
  if (base === undefined)
    return { kind: "waiting", on: `the branch ${world.project.defaultBranch} (missing)` };
  const left: Left[] = [];
  const stacked: Stacked[] = [];
  let waiting: StepOutcome | undefined;
  for (const entry of ordered) {
    if (stacked.length >= world.project.batch) break;
    const session = getSession(world.store, entry.sessionId);
    const stop = blocked(world, entry, session);
    if (stop?.kind === "waiting") {
      waiting = stop;
      break;
    }
    if (stop?.kind === "left") left.push(stop);
    if (stop !== undefined || session === undefined) continue;
    const onto = stacked.at(-1)?.sha ?? base;
    const member = await stackOne(world, entry, session, { onto, before: stacked });
    if ("entryId" in member) left.push(member);
    else stacked.push(member);
  }
  if (stacked.length > 0) recordStack(world, stacked);
  if (stacked.length === 0 && left.length === 0) return waiting ?? { kind: "progressed" };
  return { kind: "batch", left, landed: 0 };
}

/** One member brought up to date onto `onto`, or its leaving (a conflict, a branch gone). */
async function stackOne(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
  at: { onto: string; before: readonly Stacked[] },
): Promise<Stacked | Left> {
  const { project } = world;
  const head = await branchHead(world.ctx, project.repo, session.branch);
  if (head === undefined)
    return { session, entryId: leaveQueue(world.store, entry, { reason: "branch_gone" }).id };
  const candidate = await buildCandidate(world.ctx, {
    repo: project.repo,
    branch: session.branch,
    baseBranch: project.defaultBranch,
    head,
    base: at.onto,
    update: project.update,
    scratch: scratchDir(world, entry),
  });
  if (candidate.kind === "ready") return { entry, session, head, onto: at.onto, ...candidate };
  const mates = at.before.map((member) => member.session.id);
  const message =
    mates.length === 0 ? undefined : `stacked in a merge batch onto ${mates.join(", ")} (not landed yet)`;
  const left = leaveQueue(world.store, entry, {
    reason: "conflict",
    head,
    files: candidate.files,
    hunks: candidate.hunks,
    ...(message === undefined ? {} : { message }),
  });
  return { session, entryId: left.id };
}

function recordStack(world: TrainWorld, stacked: readonly Stacked[]): void {
  const lead = stacked[0]?.entry.id ?? 0;
  const size = stacked.length;
  writeTransaction(world.store, (tx) => {
    stacked.forEach(({ entry, head, onto, sha, how }, index) =>
      recordQueueStep(tx, entry.id, {
        from: "queued",
        to: "updating",
        step: "updated",
        sha,
        headSha: head,
        baseSha: onto,
        testedSha: sha,
        detail: { ...entry.detail, how, batch: { lead, index, size } },
        stepDetail: { how, from: head, base: onto, batch: lead },
        event: {
          type: "queue.updated",
          payload: {
            project: world.project.id,
            entry: entry.id,
            how,
            from: head,
            to: sha,
            base: onto,
            batch: { lead, index, size },
          },
        },
      }),
    );
  });
}
