import type { CiState, PullRequestObservation } from "../slots/index.js";
import {
  getSession,
  recordQueueStep,
  writeTransaction,
  type QueueEntry,
  type Session,
} from "../store/index.js";
import { alreadyLanded, baseHead, gatingCi, observePull } from "./forge-side.js";
import { branchHead } from "./move-branch.js";
import { leaveQueue, recordLanded, requeue } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

function prOf(entry: QueueEntry, session: Session): number | undefined {
  return entry.detail.pr ?? session.prNumber ?? undefined;
}

/**
 * `testing`: the scm observes the pull request (starting local CI on a new head). Its head must
 * still be the candidate; CI pending waits, failing leaves the queue with the failing checks,
 * green (or no CI) goes on to `merging` — unless the default branch moved since the candidate was
 * made, which makes the tested commit not what would land: then it is prepared again.
 */
export async function testEntry(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
): Promise<StepOutcome> {
  const number = prOf(entry, session);
  const tested = entry.testedSha ?? "";
  if (number === undefined) return { kind: "waiting", on: "a pull request" };
  const seen = await observePull(world, { number, branch: session.branch });
  if (seen === undefined || seen.state !== "open") return landedElsewhere(world, entry, number, seen);
  if (seen.headSha !== tested) {
    requeue(world.store, entry, "head_moved", seen.headSha);
    return { kind: "progressed" };
  }
  const ci = await gatingCi(world, seen, tested);
  if (ci.state === "pending") return { kind: "waiting", on: `CI on ${tested.slice(0, 12)}` };
  if (ci.state === "failing") {
    const left = leaveQueue(world.store, entry, { reason: "ci_failed", head: tested, checks: ci.failing });
    return { kind: "left", session, entryId: left.id };
  }
  const base = await baseHead(world);
  if (base !== entry.baseSha) {
    requeue(world.store, entry, "base_moved", base);
    return { kind: "progressed" };
  }
  const merging = writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: "testing",
      to: "merging",
      step: "green",
      sha: tested,
      stepDetail: { ci: ci.state },
    }),
  );
  return landEntry(world, merging, session, ci.state);
}

/**
 * `merging` → `landed`: merges exactly the tested commit, onto exactly the base it was tested on.
 * A daemon killed after the merge finds the commit already in the default branch and records the
 * landing without merging again; one killed before it merges now. A refusal of the scm (a dirty
 * main checkout) leaves the entry `merging`, retried next cycle, with the reason in the cycle's errors.
 */
export async function landEntry(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
  ci: CiState = "passing",
): Promise<StepOutcome> {
  if (world.scm.train !== undefined) return landOnForge(world, entry, session, ci);
  const { project } = world;
  const tested = entry.testedSha ?? "";
  const number = prOf(entry, session) ?? 0;
  if (await alreadyLanded(world, entry, undefined)) {
    recordLanded(world.store, entry, number, ci);
    return { kind: "landed", entryId: entry.id };
  }
  const base = await baseHead(world);
  if (base !== entry.baseSha) {
    requeue(world.store, entry, "base_moved", base);
    return { kind: "progressed" };
  }
  const head = await branchHead(world.ctx, project.repo, session.branch);
  if (head !== tested) {
    requeue(world.store, entry, "head_moved", head);
    return { kind: "progressed" };
  }
  await world.scm.merge({ number, branch: session.branch }, { sha: tested });
  recordLanded(world.store, entry, number, ci);
  return { kind: "landed", entryId: entry.id };
}

/**
 * `merging` on a forge: its pull request is the truth. Merged (by this train before a kill, or by
 * someone) is landed; otherwise it is merged through the API with the tested commit as `sha` —
 * the forge refuses any other head — and only while the default branch is the base it was tested on.
 */
async function landOnForge(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
  ci: CiState,
): Promise<StepOutcome> {
  const tested = entry.testedSha ?? "";
  const number = prOf(entry, session) ?? 0;
  const seen = await observePull(world, { number, branch: session.branch });
  if (seen === undefined || seen.state !== "open") return landedElsewhere(world, entry, number, seen);
  const base = await baseHead(world);
  if (base !== entry.baseSha) {
    requeue(world.store, entry, "base_moved", base);
    return { kind: "progressed" };
  }
  if (seen.headSha !== tested) {
    requeue(world.store, entry, "head_moved", seen.headSha);
    return { kind: "progressed" };
  }
  await world.scm.merge({ number, branch: session.branch }, { sha: tested });
  recordLanded(world.store, entry, number, ci);
  return { kind: "landed", entryId: entry.id };
}

/** The pull request is no longer open under the train: merged by someone (with the tested commit in), or closed. */
export async function landedElsewhere(
  world: TrainWorld,
  entry: QueueEntry,
  number: number,
  seen: PullRequestObservation | undefined,
): Promise<StepOutcome> {
  if (await alreadyLanded(world, entry, seen)) {
    recordLanded(world.store, entry, number, "passing");
    return { kind: "landed", entryId: entry.id };
  }
  const session = getSession(world.store, entry.sessionId);
  const left = leaveQueue(world.store, entry, {
    reason: "session_ended",
    message: `pull request #${String(number)} is ${seen?.state ?? "gone"}`,
  });
  return session === undefined ? { kind: "progressed" } : { kind: "left", session, entryId: left.id };
}
