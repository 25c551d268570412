import { describe, expect, it } from "vitest";
import {
  isQueueTransition,
  queueEtas,
  queueOrder,
  recentCiDurations,
  shouldReenter,
  trainHead,
} from "../../../src/core/train/index.js";
import type { QueueEntry } from "../../../src/core/store/index.js";

function entry(id: number, patch: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id,
    project: "app",
    sessionId: `app-${id}`,
    position: id,
    attempt: 1,
    state: "queued",
    headSha: "h",
    baseSha: null,
    testedSha: null,
    reason: null,
    detail: {},
    enteredAt: 0,
    updatedAt: 0,
    testingAt: null,
    endedAt: null,
    ...patch,
  };
}

const FACTS = { live: true, turnOpen: false, head: "moved", queuedAgain: false };

describe("the queue's order", () => {
  it("lands in position order and leaves landed and left entries out", () => {
    const entries = [
      entry(3),
      entry(1, { state: "landed" }),
      entry(2, { position: 9 }),
      entry(4, { state: "left" }),
    ];
    expect(queueOrder(entries).map((e) => e.id)).toEqual([3, 2]);
  });

  it("finishes an entry past queued before starting the first queued one (a restarted daemon)", () => {
    expect(trainHead([entry(1), entry(2, { state: "merging" })])?.id).toBe(2);
    expect(trainHead([entry(2), entry(1)])?.id).toBe(1);
    expect(trainHead([entry(1, { state: "left" })])).toBeUndefined();
  });
});

describe("state transitions", () => {
  it("goes forward one state at a time, back to queued, or out", () => {
    expect(isQueueTransition("queued", "updating")).toBe(true);
    expect(isQueueTransition("updating", "testing")).toBe(true);
    expect(isQueueTransition("testing", "merging")).toBe(true);
    expect(isQueueTransition("merging", "landed")).toBe(true);
    expect(isQueueTransition("testing", "queued")).toBe(true);
    expect(isQueueTransition("queued", "merging")).toBe(false);
    expect(isQueueTransition("queued", "landed")).toBe(false);
    expect(isQueueTransition("updating", "landed")).toBe(false);
    // A batch: members below the green tip land with it; a red tip waits while the train bisects.
    expect(isQueueTransition("updating", "merging")).toBe(true);
    expect(isQueueTransition("testing", "updating")).toBe(true);
    expect(isQueueTransition("landed", "queued")).toBe(false);
    expect(isQueueTransition("left", "queued")).toBe(false);
  });
});

describe("re-entry", () => {
  const left = entry(1, { state: "left", reason: "conflict", detail: { leftHead: "old" } });

  it("re-enters once the agent's turn ended and the head moved", () => {
    expect(shouldReenter(left, FACTS)).toBe(true);
  });

  it("waits for the turn, for a new head, and never re-enters twice or after the session ended", () => {
    expect(shouldReenter(left, { ...FACTS, turnOpen: true })).toBe(false);
    expect(shouldReenter(left, { ...FACTS, head: "old" })).toBe(false);
    expect(shouldReenter(left, { ...FACTS, live: false })).toBe(false);
    expect(shouldReenter(left, { ...FACTS, queuedAgain: true })).toBe(false);
    expect(shouldReenter({ ...left, detail: { leftHead: "old", reenteredAs: 7 } }, FACTS)).toBe(false);
    expect(shouldReenter({ ...left, reason: "session_ended" }, FACTS)).toBe(false);
    expect(shouldReenter({ ...left, state: "landed" }, FACTS)).toBe(false);
  });
});

describe("ETAs from recent CI durations", () => {
  it("knows nothing before the first landing", () => {
    expect(queueEtas([entry(1)], [], 1000)).toEqual([undefined]);
  });

  it("adds one mean CI run per entry, the one under test only what is left of its run", () => {
    const landed = [
      entry(7, { state: "landed", testingAt: 0, endedAt: 100 }),
      entry(8, { state: "landed", testingAt: 100, endedAt: 400 }),
    ];
    const durations = recentCiDurations(landed);
    expect(durations).toEqual([300, 100]);
    const ordered = [entry(1, { state: "testing", testingAt: 950 }), entry(2)];
    expect(queueEtas(ordered, durations, 1000)).toEqual([1150, 1350]);
  });
});
