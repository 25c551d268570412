import {
  getQueueEntry,
  getSession,
  insertQueueEntry,
  isTerminalStatus,
  listQueueEntries,
  markReentered,
  writeTransaction,
  type QueueEntry,
  type Session,
} from "../store/index.js";
import { formBatch } from "./batch-form.js";
import { landBatch } from "./batch-land.js";
import { currentBatch, nextBatchStep } from "./batch-plan.js";
import { splitBatch } from "./batch-split.js";
import { observeStack, testStack } from "./batch-test.js";
import { followForgeQueue } from "./forge-queue.js";
import { landEntry, testEntry } from "./land-entry.js";
import { branchHead } from "./move-branch.js";
import { blocked, moveEntry, prepareEntry, turnOpen } from "./prepare-entry.js";
import { queueOrder, shouldReenter, trainHead } from "./queue-order.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/** At most this many steps per project and cycle (one entry landing takes about four). */
const STEPS_PER_CYCLE = 12;

/** What one pass of a project's train did: the entries that left (their agents get a turn), landed, re-entered. */
export interface TrainPass {
  readonly left: readonly { readonly session: Session; readonly entry: QueueEntry }[];
  readonly landed: number;
  readonly reentered: number;
  /** What the entry at the head waits for, when it waits. */
  readonly waiting?: string | undefined;
}

/**
 * One pass of a project's merge train (docs/merge-train.md), each daemon cycle: sessions that left
 * and whose agents have acted re-enter at the back; then the head entry is taken step by step
 * (prepare → move → test → land) until it waits (for CI, for the agent's turn) or the queue is
 * empty. Each step is recorded before the next begins, so a daemon killed anywhere resumes from
 * the last recorded step.
 */
export async function runTrain(world: TrainWorld): Promise<TrainPass> {
  const reentered = await reenterReady(world);
  const left: { session: Session; entry: QueueEntry }[] = [];
  let landed = 0;
  for (let step = 0; step < STEPS_PER_CYCLE; step += 1) {
    const active = listQueueEntries(world.store, { project: world.project.id, activeOnly: true });
    const head = trainHead(active);
    if (head === undefined) return { left, landed, reentered };
    const outcome = await advanceHead(world, active, head);
    if (outcome.kind === "waiting") return { left, landed, reentered, waiting: outcome.on };
    if (outcome.kind === "landed") landed += 1;
    const gone = outcome.kind === "left" ? [outcome] : outcome.kind === "batch" ? outcome.left : [];
    for (const { session, entryId } of gone)
      left.push({ session, entry: getQueueEntry(world.store, entryId) ?? head });
    if (outcome.kind === "batch") landed += outcome.landed;
  }
  return { left, landed, reentered };
}

/**
 * The step the queue takes next: a batch under way is finished first (whatever `batch` says now);
 * an entry past `queued` without a batch is taken on alone; else, with mergeQueue.batch above 1,
 * the next entries are stacked into a batch.
 */
function advanceHead(
  world: TrainWorld,
  active: readonly QueueEntry[],
  head: QueueEntry,
): Promise<StepOutcome> {
  const batch = currentBatch(active);
  if (batch !== undefined) return advanceBatch(world, batch);
  // A forge's scm lands each pull request itself: enqueue refuses batch > 1 there (batch-support.ts).
  if (head.state === "queued" && world.project.batch > 1 && world.scm.train === undefined)
    return formBatch(world, queueOrder(active));
  return advanceEntry(world, head);
}

/** One step of a batch (docs/merge-train.md, "Batching"), by its members' recorded states. */
function advanceBatch(world: TrainWorld, members: readonly QueueEntry[]): Promise<StepOutcome> {
  const next = nextBatchStep(members);
  switch (next.kind) {
    case "land":
      return landBatch(world, next.members);
    case "observe":
      return observeStack(world, members, next.tip, next.stack);
    case "test":
      return testStack(world, members, next.tip, next.stack);
    case "split":
      return splitBatch(world, next.culprit, next.rest);
  }
}

/** One step of the entry at the head, by the state its last recorded step left it in. */
export function advanceEntry(world: TrainWorld, entry: QueueEntry): Promise<StepOutcome> {
  const session = getSession(world.store, entry.sessionId);
  // Testing and merging check the default branch first: a landed commit is never merged again,
  // even when its session was marked merged meanwhile.
  const inForgeQueue = entry.detail.forgeQueue === true && entry.state !== "queued";
  if (inForgeQueue && session !== undefined) return followForgeQueue(world, entry, session);
  if (entry.state === "testing" && session !== undefined) return testEntry(world, entry, session);
  if (entry.state === "merging" && session !== undefined) return landEntry(world, entry, session);
  const stop = blocked(world, entry, session);
  if (stop !== undefined || session === undefined) return Promise.resolve(stop ?? { kind: "progressed" });
  return entry.state === "queued" ? prepareEntry(world, entry, session) : moveEntry(world, entry, session);
}

/** Left entries whose agent's turn ended with a new head re-enter, each once, at the back. */
async function reenterReady(world: TrainWorld): Promise<number> {
  const entries = listQueueEntries(world.store, { project: world.project.id });
  const queued = new Set(queueOrder(entries).map((entry) => entry.sessionId));
  const latest = new Map<string, QueueEntry>();
  for (const entry of entries)
    if ((latest.get(entry.sessionId)?.id ?? 0) < entry.id) latest.set(entry.sessionId, entry);
  let count = 0;
  for (const entry of latest.values()) {
    if (entry.state !== "left" || entry.detail.reenteredAs !== undefined) continue;
    const session = getSession(world.store, entry.sessionId);
    if (session === undefined || isTerminalStatus(session.status)) continue;
    const head = await branchHead(world.ctx, world.project.repo, session.branch);
    const facts = {
      live: true,
      turnOpen: turnOpen(world, entry.sessionId),
      head,
      queuedAgain: queued.has(entry.sessionId),
    };
    if (!shouldReenter(entry, facts) || head === undefined) continue;
    reenter(world, entry, head);
    count += 1;
  }
  return count;
}

function reenter(world: TrainWorld, entry: QueueEntry, head: string): void {
  writeTransaction(world.store, (tx) => {
    const next = insertQueueEntry(tx, {
      project: entry.project,
      sessionId: entry.sessionId,
      head,
      attempt: entry.attempt + 1,
      detail: {
        ...(entry.detail.pr === undefined ? {} : { pr: entry.detail.pr }),
        by: entry.detail.by ?? "ao merge --queue",
      },
      step: "reentered",
      event: (inserted) => ({
        type: "queue.reentered",
        payload: {
          project: entry.project,
          entry: inserted.id,
          previous: entry.id,
          position: inserted.position,
          head,
          attempt: inserted.attempt,
        },
      }),
    });
    markReentered(tx, entry, next.id);
  });
}
