import type { QueueEntry, QueueState } from "../store/index.js";

/**
 * Which state may follow which (docs/merge-train.md). `queued` → `updating` once the updated commit
 * is computed; `updating` → `testing` once the branch points at it; `testing` → `merging` once CI is
 * green on it; `merging` → `landed`. In a batch (mergeQueue.batch) the members below the tested
 * tip go `updating` → `merging` with it, and a red tip goes back to `updating` while the train
 * bisects. Any of them goes back to `queued` when its branch or the
 * default branch moved, and leaves (`left`) on a conflict, red CI or an ended session.
 */
export const QUEUE_TRANSITIONS: Readonly<Record<QueueState, readonly QueueState[]>> = {
  queued: ["updating", "left"],
  updating: ["testing", "merging", "queued", "left"],
  testing: ["merging", "updating", "queued", "left", "landed"],
  merging: ["landed", "queued", "left"],
  landed: [],
  left: [],
};

/** Whether a step from `from` to `to` is one the train takes. */
export function isQueueTransition(from: QueueState, to: QueueState): boolean {
  return QUEUE_TRANSITIONS[from].includes(to);
}

const ACTIVE = new Set<QueueState>(["queued", "updating", "testing", "merging"]);

/** The entries still in the queue, in the order they land: by position, then by id. */
export function queueOrder(entries: readonly QueueEntry[]): QueueEntry[] {
  return entries
    .filter((entry) => ACTIVE.has(entry.state))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The entry the train works on: one already past `queued` (a step was recorded, so a restarted
 * daemon finishes it first, never starting a second), else the first in order.
 */
export function trainHead(entries: readonly QueueEntry[]): QueueEntry | undefined {
  const ordered = queueOrder(entries);
  return ordered.find((entry) => entry.state !== "queued") ?? ordered[0];
}

/** What decides whether a left entry re-enters: its session now. */
export interface ReentryFacts {
  /** The session is still live (not merged, killed or done). */
  readonly live: boolean;
  /** Its agent has a turn that has not ended (queued, delivering or running). */
  readonly turnOpen: boolean;
  /** The branch's head now; undefined when the branch is gone. */
  readonly head: string | undefined;
  /** The session already has a newer entry in the queue. */
  readonly queuedAgain: boolean;
}

/**
 * A left entry re-enters (at the back) once its agent's turn has ended and the branch head moved
 * from the one it left with: the agent did something about the conflict or the failure. A session
 * that left for another reason (ended, branch gone) never re-enters by itself.
 */
export function shouldReenter(entry: QueueEntry, facts: ReentryFacts): boolean {
  if (entry.state !== "left" || entry.detail.reenteredAs !== undefined) return false;
  if (entry.reason !== "conflict" && entry.reason !== "ci_failed" && entry.reason !== "update_failed")
    return false;
  if (!facts.live || facts.turnOpen || facts.queuedAgain || facts.head === undefined) return false;
  return facts.head !== entry.detail.leftHead;
}

/** How long CI took for the recently landed entries of a project, newest first (ms). */
export function recentCiDurations(entries: readonly QueueEntry[], count = 10): number[] {
  return entries
    .filter((entry) => entry.state === "landed" && entry.testingAt !== null && entry.endedAt !== null)
    .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
    .slice(0, count)
    .map((entry) => Math.max(0, (entry.endedAt ?? 0) - (entry.testingAt ?? 0)));
}

/**
 * When each entry in queue order is expected to land (ms since the epoch), from the mean of the
 * recent CI durations: each entry takes one CI run after the ones before it, the one under test
 * what is left of its run. Undefined for all when no entry has landed yet (nothing to go by).
 */
export function queueEtas(
  ordered: readonly QueueEntry[],
  durations: readonly number[],
  now: number,
): (number | undefined)[] {
  if (durations.length === 0) return ordered.map(() => undefined);
  const mean = durations.reduce((sum, ms) => sum + ms, 0) / durations.length;
  let at = now;
  return ordered.map((entry) => {
    const started = entry.state === "testing" || entry.state === "merging" ? entry.testingAt : null;
    const left = started === null ? mean : Math.max(0, mean - (now - started));
    at += left;
    return Math.round(at);
  });
}
