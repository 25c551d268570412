import type { QueueEntry } from "../store/index.js";

/** An entry's batch as `ao queue` shows it (mergeQueue.batch). */
export interface BatchView {
  /** The batch's first entry: names the batch. */
  readonly lead: number;
  /** Its place in the stack, 0 first, and the batch's size when formed. */
  readonly index: number;
  readonly size: number;
  /** The sessions whose stack is under CI (or landing) now, this one's included when it is; [] once ended. */
  readonly together: readonly string[];
  /** The checks that failed on the stack up to it (the bisect goes on below it). */
  readonly red?: readonly string[] | undefined;
}

/** The entry's batch and the stack tested now, pure; undefined outside a batch. */
export function batchView(entry: QueueEntry, active: readonly QueueEntry[]): BatchView | undefined {
  const batch = entry.detail.batch;
  if (batch === undefined) return undefined;
  const live = active.some((other) => other.id === entry.id);
  const members = active
    .filter((other) => other.detail.batch?.lead === batch.lead)
    .sort((a, b) => (a.detail.batch?.index ?? 0) - (b.detail.batch?.index ?? 0));
  const tip = members.findLastIndex((member) => member.state === "testing" || member.state === "merging");
  const stack = tip < 0 ? [] : members.slice(0, tip + 1);
  return {
    lead: batch.lead,
    index: batch.index,
    size: batch.size,
    together: live ? stack.map((member) => member.sessionId) : [],
    ...(batch.red === undefined ? {} : { red: batch.red }),
  };
}

/** What a batch member in the queue is doing, in words, pure; undefined for a state said alike. */
export function batchNote(entry: QueueEntry, view: BatchView): string | undefined {
  const short = (entry.testedSha ?? "").slice(0, 12);
  const place = `batch ${String(view.lead)} (${String(view.index + 1)} of ${String(view.size)})`;
  const others = view.together.filter((session) => session !== entry.sessionId);
  const mates = others.length === 0 ? "" : ` together with ${others.join(", ")}`;
  switch (entry.state) {
    case "testing":
      return `${place}: CI on ${short}, its stack's tip, tested${mates}`;
    case "merging":
      return `${place}: green${mates}; landing ${short}`;
    case "updating":
      if (view.red !== undefined)
        return `${place}: red on its stack (${view.red.join(", ")}); bisecting below it`;
      if (view.together.includes(entry.sessionId)) return `${place}: stacked as ${short}, tested${mates}`;
      return `${place}: stacked as ${short}; waits for the test of the stack below it`;
    default:
      return undefined;
  }
}
