import { describe, expect, it } from "vitest";
import { readSpend } from "../../../src/core/cost/index.js";
import {
  claimNextTurn,
  endTurn,
  insertSession,
  insertTurn,
  markTurnDelivered,
  recordUsage,
  writeTransaction,
  type UsageRecordRow,
  type Store,
} from "../../../src/core/store/index.js";

import { sessionCreated } from "../../helpers/events.js";
import { openTestStore, type ManualClock } from "../store/store-fixture.js";

const claimant = { pid: 1, host: "here", token: "t" };

function session(store: Store, id: string, project: string, agent: string): void {
  writeTransaction(store, (tx) =>
    insertSession(
      tx,
      {
        id,
        project,
        branch: `b-${id}`,
        worktree: `/w/${id}`,
        runtime: "r",
        agent,
        status: "working",
      },
      sessionCreated({ agent }),
    ),
  );
}

/** Gives a turn that runs from now for `ms`, and returns its id. */
function turn(store: Store, clock: ManualClock, sessionId: string, ms: number): string {
  return writeTransaction(store, (tx) => {
    const queued = insertTurn(tx, { sessionId, origin: "cli", text: "go", sha256: "h" }).turn;
    claimNextTurn(tx, sessionId, claimant);
    markTurnDelivered(tx, queued.id, { token: "t", attempts: 1, confirmed: true });
    clock.advance(ms);
    endTurn(tx, queued.id, { status: "completed" });
    clock.advance(1);
    return queued.id;
  });
}

function record(key: string, at: number, usd: number | null, input = 100, output = 10): UsageRecordRow {
  return {
    key,
    at,
    model: usd === null ? "nobody-knows" : "m",
    usd,
    tokens: { input, output, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
  };
}

function read(
  store: Store,
  sessionId: string,
  project: string,
  agent: string,
  records: UsageRecordRow[],
): void {
  writeTransaction(store, (tx) =>
    recordUsage(tx, { sessionId, project, agent, cursor: "c" }, "test", records),
  );
}

describe("readSpend", () => {
  it("is null, not 0, when nothing was recorded, and counts the turns of an agent without records as unknown", () => {
    const { store, clock } = openTestStore();
    session(store, "p-1", "p", "aider");
    turn(store, clock, "p-1", 1000);
    expect(readSpend(store, { sessionId: "p-1" })).toEqual({
      usd: null,
      tokens: null,
      unpricedTokens: 0,
      turns: 1,
      unknownTurns: 1,
    });
  });

  it("sums usage in turns and outside them, by session, project, agent and time", () => {
    const { store, clock } = openTestStore();
    session(store, "p-1", "p", "claude-code");
    session(store, "q-1", "q", "codex");
    const start = clock.now();
    read(store, "p-1", "p", "claude-code", [record("spawn", start - 5, 0.5)]);
    turn(store, clock, "p-1", 1000);
    read(store, "p-1", "p", "claude-code", [
      record("in-turn", start + 10, 0.25),
      record("in-turn-2", start + 20, 0.25),
    ]);
    read(store, "q-1", "q", "codex", [record("q", start + 10, 1)]);
    expect(readSpend(store, { projectId: "p" })).toEqual({
      usd: 1,
      tokens: 330,
      unpricedTokens: 0,
      turns: 1,
      unknownTurns: 0,
    });
    expect(readSpend(store, { agent: "codex" }).usd).toBe(1);
    expect(readSpend(store).usd).toBe(2);
    expect(readSpend(store, { since: start }).usd).toBe(1.5);
    expect(readSpend(store, { until: start }).usd).toBe(0.5);
    expect(readSpend(store, { sessionIds: ["p-1", "q-1"] }).tokens).toBe(440);
  });

  it("attributes each record to the turn its time falls in, and rereading a record replaces it", () => {
    const { store, clock } = openTestStore();
    session(store, "p-1", "p", "claude-code");
    const first = turn(store, clock, "p-1", 1000);
    const between = clock.now();
    clock.advance(500);
    const second = turn(store, clock, "p-1", 1000);
    const t0 = clock.now() - 2502;
    read(store, "p-1", "p", "claude-code", [
      record("a", t0 + 10, 0.1),
      record("b", between + 100, 0.2),
      record("c", clock.now() - 500, 0.3),
    ]);
    read(store, "p-1", "p", "claude-code", [record("c", clock.now() - 500, 0.4)]);
    const byTurn = store.db
      .prepare("SELECT record_key AS key, turn_id AS turn, usd FROM usage_records ORDER BY record_key")
      .all();
    expect(byTurn).toEqual([
      { key: "a", turn: Number(first.slice(2)), usd: 0.1 },
      { key: "b", turn: null, usd: 0.2 },
      { key: "c", turn: Number(second.slice(2)), usd: 0.4 },
    ]);
  });

  it("keeps tokens of a model without a price and counts its turn unknown", () => {
    const { store, clock } = openTestStore();
    session(store, "p-1", "p", "codex");
    turn(store, clock, "p-1", 1000);
    read(store, "p-1", "p", "codex", [record("x", clock.now() - 500, null)]);
    expect(readSpend(store, { sessionId: "p-1" })).toEqual({
      usd: null,
      tokens: 110,
      unpricedTokens: 110,
      turns: 1,
      unknownTurns: 1,
    });
  });
});
