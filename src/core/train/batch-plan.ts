import type { QueueEntry } from "../store/index.js";
import { queueOrder } from "./queue-order.js";

/** What a batch does next, read from its members' recorded states (docs/merge-train.md, "Batching"). */
export type BatchStep =
  /** Members green together (`merging`): land them, main ends at the tip they were tested on. */
  | { readonly kind: "land"; readonly members: readonly QueueEntry[] }
  /** CI runs on the stack's tip (`testing`): read it. */
  | { readonly kind: "observe"; readonly tip: QueueEntry; readonly stack: readonly QueueEntry[] }
  /** Nothing under test: point the tip's branch at its stacked commit and test the stack up to it. */
  | { readonly kind: "test"; readonly tip: QueueEntry; readonly stack: readonly QueueEntry[] }
  /** The first member is red on its own stack: it is the culprit; the rest are stacked again. */
  | { readonly kind: "split"; readonly culprit: QueueEntry; readonly rest: readonly QueueEntry[] };

/**
 * The batch under way: the active entries of the earliest batch past `queued`, in stack order. A
 * restarted daemon finds it here and finishes it before stacking another.
 */
export function currentBatch(active: readonly QueueEntry[]): QueueEntry[] | undefined {
  const started = queueOrder(active).filter((entry) => entry.detail.batch !== undefined);
  const lead = Math.min(...started.map((entry) => entry.detail.batch?.lead ?? Infinity));
  const members = started.filter((entry) => entry.detail.batch?.lead === lead);
  if (members.length === 0) return undefined;
  return members.sort((a, b) => (a.detail.batch?.index ?? 0) - (b.detail.batch?.index ?? 0));
}

/**
 * The batch's next step, pure. Green prefixes land at once, so the members left always start at
 * one whose base is the default branch's head; `red` marks the members whose stack was tested red.
 * Bisect: with the first red at place h, the culprit is among places 0..h; the stack up to
 * ⌊h/2⌋ is tested next — green lands it (the range shrinks from below), red marks it (from above)
 * — until place 0 is red itself. CI runs at most 1 + ⌈log2 N⌉ times for a batch of N.
 */
export function nextBatchStep(members: readonly QueueEntry[]): BatchStep {
  const merging = members.filter((member) => member.state === "merging");
  if (merging.length > 0) return { kind: "land", members: merging };
  const testing = members.findIndex((member) => member.state === "testing");
  if (testing >= 0) return { kind: "observe", tip: members[testing]!, stack: members.slice(0, testing + 1) };
  const red = members.findIndex((member) => member.detail.batch?.red !== undefined);
  if (red === 0) return { kind: "split", culprit: members[0]!, rest: members.slice(1) };
  const tip = red < 0 ? members.length - 1 : Math.floor(red / 2);
  return { kind: "test", tip: members[tip]!, stack: members.slice(0, tip + 1) };
}
