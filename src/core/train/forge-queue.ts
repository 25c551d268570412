import { recordQueueStep, writeTransaction, type QueueEntry, type Session } from "../store/index.js";
import { observePull, pullRef } from "./forge-side.js";
import { landedElsewhere } from "./land-entry.js";
import { leaveQueue, requeue } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/**
 * An entry handed to the forge's merge queue (`detail.forgeQueue`): `testing` until the forge
 * confirms the enqueue, `merging` while it is in the forge's queue. The forge's queue entry is read
 * before the pull request, so a merge in between is seen as merged, not as a removal. ao never
 * merges such an entry itself; a kill between the enqueue and its record finds it queued and only
 * records it.
 */
export async function followForgeQueue(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
): Promise<StepOutcome> {
  const forge = world.scm.train;
  const ref = pullRef(entry, session);
  if (forge === undefined || ref === undefined) return { kind: "waiting", on: "a pull request" };
  const queued = await forge.queueEntry(ref);
  const seen = await observePull(world, ref);
  if (seen === undefined || seen.state !== "open") return landedElsewhere(world, entry, ref.number, seen);
  const tested = entry.testedSha ?? "";
  if (queued.state === "queued") {
    if (entry.state === "testing") recordEnqueued(world, entry, tested);
    const place = queued.position === null ? "" : ` (position ${String(queued.position)})`;
    return { kind: "waiting", on: `GitHub's merge queue${place}: ${queued.detail}` };
  }
  if (entry.state === "testing") {
    if (seen.headSha !== tested) {
      requeue(world.store, entry, "head_moved", seen.headSha);
      return { kind: "progressed" };
    }
    await forge.enqueue(ref, tested);
    recordEnqueued(world, entry, tested);
    return { kind: "progressed" };
  }
  return removedFromForgeQueue(world, entry, session, queued.removedReason);
}

function recordEnqueued(world: TrainWorld, entry: QueueEntry, sha: string): void {
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, entry.id, { from: "testing", to: "merging", step: "enqueued:merge-queue", sha }),
  );
}

/**
 * The forge took the pull request out of its queue without merging it: a conflict, failing checks,
 * or a person. It leaves ao's queue with the forge's reason, as a conflict when the reason says so
 * (the agent gets the merge-conflicts turn), else as failed CI naming the reason as the check.
 */
function removedFromForgeQueue(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
  reason: string | null,
): StepOutcome {
  const said = reason ?? "removed from the merge queue";
  const head = entry.testedSha ?? undefined;
  const left = /conflict/i.test(said)
    ? leaveQueue(world.store, entry, { reason: "conflict", head, files: [], message: said })
    : leaveQueue(world.store, entry, {
        reason: "ci_failed",
        head,
        checks: [{ name: `merge queue: ${said}` }],
        message: said,
      });
  return { kind: "left", session, entryId: left.id };
}
