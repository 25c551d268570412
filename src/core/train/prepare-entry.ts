import { join } from "node:path";
import {
  isTerminalStatus,
  recordQueueStep,
  sessionsWithUnendedTurns,
  writeTransaction,
  type QueueEntry,
  type Session,
} from "../store/index.js";
import { buildCandidate } from "./candidate.js";
import { baseHead } from "./forge-side.js";
import { forgeReady, handToForgeQueue, publishMove } from "./forge-steps.js";
import { branchHead, moveBranch } from "./move-branch.js";
import { leaveQueue, requeue } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/** The scratch worktree of an entry's rebase, under AO_HOME (never inside the repository). */
export function scratchDir(world: TrainWorld, entry: QueueEntry): string {
  return join(world.ctx.paths.projects, world.project.id, "merge-train", `entry-${entry.id}`);
}

/** Whether the session's agent has a turn that has not ended: the train never rewrites under it. */
export function turnOpen(world: TrainWorld, sessionId: string): boolean {
  return sessionsWithUnendedTurns(world.store).includes(sessionId);
}

/** A session that ended, or whose agent works, is not prepared now. */
export function blocked(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session | undefined,
): StepOutcome | undefined {
  if (session === undefined || isTerminalStatus(session.status)) {
    const left = leaveQueue(world.store, entry, { reason: "session_ended" });
    return session === undefined ? { kind: "progressed" } : { kind: "left", session, entryId: left.id };
  }
  if (turnOpen(world, session.id)) return { kind: "waiting", on: "the agent's turn to end" };
  return undefined;
}

/**
 * `queued` → `updating`: the candidate (the branch brought up to date with the default branch's head)
 * is computed and recorded with the two heads it came from; a conflict leaves the queue instead.
 */
export async function prepareEntry(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
): Promise<StepOutcome> {
  const { project } = world;
  const head = await branchHead(world.ctx, project.repo, session.branch);
  if (head === undefined) {
    const left = leaveQueue(world.store, entry, { reason: "branch_gone" });
    return { kind: "left", session, entryId: left.id };
  }
  const base = await baseHead(world);
  if (base === undefined) return { kind: "waiting", on: `the branch ${project.defaultBranch} (missing)` };
  if (world.scm.train !== undefined) {
    const onForge = await forgeReady(world, entry, session, head);
    if (onForge !== undefined) return onForge;
    if (await world.scm.train.mergeQueue(project.defaultBranch))
      return handToForgeQueue(world, entry, { head, base });
  }
  const candidate = await buildCandidate(world.ctx, {
    repo: project.repo,
    branch: session.branch,
    baseBranch: project.defaultBranch,
    head,
    base,
    update: project.update,
    scratch: scratchDir(world, entry),
  });
  if (candidate.kind === "conflict") {
    const left = leaveQueue(world.store, entry, { reason: "conflict", head, ...candidate });
    return { kind: "left", session, entryId: left.id };
  }
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: "queued",
      to: "updating",
      step: "updated",
      sha: candidate.sha,
      headSha: head,
      baseSha: base,
      testedSha: candidate.sha,
      detail: { ...entry.detail, how: candidate.how },
      stepDetail: { how: candidate.how, from: head, base },
      event: {
        type: "queue.updated",
        payload: {
          project: project.id,
          entry: entry.id,
          how: candidate.how,
          from: head,
          to: candidate.sha,
          base,
        },
      },
    }),
  );
  return { kind: "progressed" };
}

/**
 * `updating` → `testing`: the branch is pointed at the candidate (only from the head it was built
 * from), after which CI runs on exactly that commit.
 */
export async function moveEntry(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
): Promise<StepOutcome> {
  const from = entry.headSha ?? "";
  const to = entry.testedSha ?? "";
  const moved = await moveBranch(world.ctx, {
    repo: world.project.repo,
    branch: session.branch,
    worktree: session.worktree,
    from,
    to,
  });
  if (moved.kind === "head_moved") {
    requeue(world.store, entry, "head_moved", moved.head);
    return { kind: "progressed" };
  }
  const failed = moved.kind === "failed" ? moved.message : await publishMove(world, entry, session);
  if (failed !== undefined) {
    const left = leaveQueue(world.store, entry, { reason: "update_failed", head: from, message: failed });
    return { kind: "left", session, entryId: left.id };
  }
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: "updating",
      to: "testing",
      step: "testing",
      sha: to,
      testingAt: tx.clock.now(),
      event: {
        type: "queue.testing",
        payload: { project: world.project.id, entry: entry.id, sha: to, base: entry.baseSha ?? "" },
      },
    }),
  );
  return { kind: "progressed" };
}
