import { describe, expect, it } from "vitest";
import type { FleetCard, FleetPatch, FleetView } from "../../src/web/api/types.js";
import { applyFleetPatch } from "../../src/web/page/fleet-patch.js";
import { diffFleet } from "../../src/web/server/fleet-diff.js";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();

/** A card with the fields the diff and the patch look at; the rest as a card of a live session has them. */
function card(id: string, fields: Partial<FleetCard> = {}): FleetCard {
  return {
    id,
    project: "app",
    issue: null,
    title: null,
    branch: `feat/${id}`,
    agent: "claude-code",
    runtime: "tmux",
    status: "working",
    reason: null,
    activity: { turn: "none", text: "working" },
    pr: null,
    cost: null,
    lastActivityAt: null,
    statusSince: at(0),
    createdAt: at(0),
    endedAt: null,
    zone: "working",
    why: { type: "session.status", summary: "working", eventId: 1, at: at(0) },
    observedAt: at(10),
    dataAgeMs: 0,
    workspaceMissing: null,
    question: null,
    urgency: { rank: 9, reason: "" },
    diff: null,
    hold: null,
    conflicts: [],
    ...fields,
  } as FleetCard;
}

function view(cycleAt: number, cards: FleetCard[], failed = false): FleetView {
  return {
    generatedAt: at(cycleAt + 1),
    lastEventId: 7,
    projects: [],
    cards,
    counts: { "needs-you": 0, "ready-to-merge": 0, "in-review": 0, working: cards.length, done: 0 },
    worst: cards.length > 0 ? "working" : null,
    lastCycle: { at: at(cycleAt), durationMs: 300, failed },
    plansWaiting: [],
    mergeQueues: [],
    spawnsWaiting: [],
  };
}

const patchOf = (before: FleetView, after: FleetView, withCycle = false): FleetPatch => ({
  base: "e.1",
  version: "e.2",
  generatedAt: after.generatedAt,
  lastEventId: after.lastEventId,
  ...diffFleet(before, after, withCycle),
});

const cost = (observed: number) => ({ usd: 1, tokens: 10, unpricedTokens: 0, observedAt: at(observed) });

describe("fleet patches (server diff, page apply)", () => {
  it("a cycle that only looked again is no change; its keep-alive moves every time it re-read", () => {
    const before = view(10, [card("app-1", { cost: cost(10) }), card("app-2", { observedAt: at(3) })]);
    const after = view(20, [
      card("app-1", { observedAt: at(20), cost: cost(21) }),
      card("app-2", { observedAt: at(3) }),
    ]);
    expect(diffFleet(before, after)).toEqual({});
    const keepAlive = patchOf(before, after, true);
    expect(Object.keys(diffFleet(before, after, true))).toEqual(["lastCycle"]);
    const applied = applyFleetPatch(before, keepAlive);
    expect(applied.lastCycle).toEqual(after.lastCycle);
    expect(applied.cards.map((c) => [c.id, c.observedAt, c.cost?.observedAt ?? null])).toEqual([
      ["app-1", at(20), at(20)],
      ["app-2", at(3), null],
    ]);
  });

  it("one changed card comes alone and whole; a new order, a removal and counts come when they change", () => {
    const before = view(10, [card("app-1"), card("app-2"), card("app-3")]);
    const changed = card("app-2", { status: "stuck", observedAt: at(12) });
    const after = view(10, [card("app-1"), changed, card("app-3")]);
    expect(diffFleet(before, after)).toEqual({ cards: [changed] });
    const moved = view(10, [changed, card("app-1"), card("app-4")]);
    const patch = patchOf(after, moved);
    expect(patch).toMatchObject({ removed: ["app-3"], order: ["app-2", "app-1", "app-4"] });
    expect(patch.cards?.map((c) => c.id)).toEqual(["app-4"]);
    expect(applyFleetPatch(after, patch).cards.map((c) => c.id)).toEqual(["app-2", "app-1", "app-4"]);
  });

  it("a card observed after the cycle keeps its own time once a later cycle no longer re-reads it", () => {
    const before = view(10, [card("web-1", { observedAt: at(15) })]);
    const after = view(20, [card("web-1", { observedAt: at(15) })]);
    const patch = patchOf(before, after);
    expect(patch.cards?.map((c) => c.observedAt)).toEqual([at(15)]);
    expect(applyFleetPatch(before, patch).cards[0]?.observedAt).toBe(at(15));
  });

  it("a failed cycle is news at once", () => {
    const before = view(10, [card("app-1")]);
    expect(diffFleet(before, view(20, [card("app-1", { observedAt: at(20) })], true))).toEqual({
      lastCycle: { at: at(20), durationMs: 300, failed: true },
    });
  });

  it("a card whose radar finding changed comes again; one only re-checked does not", () => {
    const conflict = {
      kind: "conflict" as const,
      with: "app-2",
      branch: "feat/app-2",
      files: ["a.ts", "b.ts"],
      hunks: [{ file: "a.ts", start: 1, end: 7 }],
      since: at(5),
    };
    const before = view(10, [card("app-1", { conflicts: [conflict] }), card("app-2")]);
    expect(
      diffFleet(before, view(10, [card("app-1", { conflicts: [{ ...conflict }] }), card("app-2")])),
    ).toEqual({});
    const cleared = card("app-1", { conflicts: [] });
    const patch = patchOf(before, view(10, [cleared, card("app-2")]));
    expect(patch.cards).toEqual([cleared]);
    expect(applyFleetPatch(before, patch).cards[0]?.conflicts).toEqual([]);
  });

  it("the merge queues and waiting spawns come whole when they change, and only then", () => {
    const entry = {
      entry: 1,
      session: "app-1",
      place: 1,
      state: "queued",
      attempt: 1,
      note: "waiting to be brought up to date",
      reason: null,
      enteredAt: at(1),
      endedAt: null,
    };
    const queues = [{ project: "app", entries: [entry], recent: [] }];
    const before = { ...view(10, [card("app-1")]), mergeQueues: queues };
    expect(diffFleet(before, { ...view(10, [card("app-1")]), mergeQueues: [...queues] })).toEqual({});
    const testing = [{ project: "app", entries: [{ ...entry, state: "testing" }], recent: [] }];
    const wait = {
      id: 3,
      project: "app",
      agent: "claude-code",
      task: "Translate the docs",
      code: "E_NO_ROOM",
      reason: "waiting for 2.1 GiB free; 1.2 GiB now",
      since: at(2),
    };
    const after = { ...view(10, [card("app-1")]), mergeQueues: testing, spawnsWaiting: [wait] };
    const patch = patchOf(before, after);
    expect(Object.keys(diffFleet(before, after)).sort()).toEqual(["mergeQueues", "spawnsWaiting"]);
    const applied = applyFleetPatch(before, patch);
    expect(applied.mergeQueues[0]?.entries[0]?.state).toBe("testing");
    expect(applied.spawnsWaiting).toEqual([wait]);
  });
});
