import { describe, expect, it } from "vitest";
import { currentBatch, nextBatchStep } from "../../../src/core/train/batch-plan.js";
import type { QueueEntry, QueueState } from "../../../src/core/store/index.js";

function member(index: number, size: number, patch: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id: 10 + index,
    project: "app",
    sessionId: `app-${index + 1}`,
    position: 10 + index,
    attempt: 1,
    state: "updating",
    headSha: `head-${index}`,
    baseSha: index === 0 ? "main" : `stacked-${index - 1}`,
    testedSha: `stacked-${index}`,
    reason: null,
    detail: { batch: { lead: 10, index, size } },
    enteredAt: 0,
    updatedAt: 0,
    testingAt: null,
    endedAt: null,
    ...patch,
  };
}

function withState(entry: QueueEntry, state: QueueState, red?: string[]): QueueEntry {
  const batch = entry.detail.batch!;
  return { ...entry, state, detail: { batch: red === undefined ? batch : { ...batch, red } } };
}

/**
 * Runs a batch of `size` through the plan as the train would, with CI red on every stack that holds
 * the member at `culprit` (none: all green). Returns the CI runs, what landed and who left.
 */
function simulate(size: number, culprit: number | undefined) {
  let members = Array.from({ length: size }, (_, index) => member(index, size));
  const runs: number[] = [];
  const landed: number[] = [];
  for (let guard = 0; guard < 4 * size + 4; guard += 1) {
    if (members.length === 0) return { runs, landed, left: undefined };
    const step = nextBatchStep(members);
    if (step.kind === "split") return { runs, landed, left: step.culprit.detail.batch!.index };
    expect(step.kind).toBe("test");
    if (step.kind !== "test") throw new Error("unexpected step");
    const tip = step.tip.detail.batch!.index;
    runs.push(tip);
    if (culprit !== undefined && culprit <= tip) {
      members = members.map((m) => (m.id === step.tip.id ? withState(m, "updating", ["ci"]) : m));
    } else {
      landed.push(...step.stack.map((m) => m.detail.batch!.index));
      members = members.filter((m) => !step.stack.includes(m));
    }
  }
  throw new Error("the bisect did not end");
}

describe("a batch's next step (mergeQueue.batch)", () => {
  it("tests the whole stack once, on its tip, and lands it all when green", () => {
    const run = simulate(3, undefined);
    expect(run).toEqual({ runs: [2], landed: [0, 1, 2], left: undefined });
  });

  it("bisects a red stack: the first half, then the member that broke it leaves, the green prefix lands", () => {
    expect(simulate(3, 1)).toEqual({ runs: [2, 1, 0], landed: [0], left: 1 });
    expect(simulate(3, 0)).toEqual({ runs: [2, 1, 0], landed: [], left: 0 });
    expect(simulate(3, 2)).toEqual({ runs: [2, 1], landed: [0, 1], left: 2 });
  });

  it("isolates any culprit of any batch up to 9 in at most 1 + ⌈log2 N⌉ CI runs", () => {
    for (let size = 1; size <= 9; size += 1)
      for (let culprit = 0; culprit < size; culprit += 1) {
        const run = simulate(size, culprit);
        expect(run.left).toBe(culprit);
        expect(run.landed).toEqual(Array.from({ length: culprit }, (_, index) => index));
        expect(run.runs.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(size)));
      }
  });

  it("observes a tip under test, lands what is merging, and finds the batch under way first", () => {
    const members = [member(0, 2), withState(member(1, 2), "testing")];
    expect(nextBatchStep(members)).toMatchObject({ kind: "observe", tip: { id: 11 } });
    const merging = [withState(member(0, 2), "merging"), withState(member(1, 2), "merging")];
    expect(nextBatchStep(merging)).toMatchObject({ kind: "land", members: merging });
    const queued = { ...member(5, 1), id: 3, position: 3, state: "queued" as const, detail: {} };
    expect(currentBatch([queued, member(1, 2), member(0, 2)])?.map((m) => m.id)).toEqual([10, 11]);
    expect(currentBatch([queued])).toBeUndefined();
  });
});
