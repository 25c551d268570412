import { describe, expect, it } from "vitest";
import { insertTurn, listEvents, writeTransaction } from "../../../src/core/store/index.js";
import { makeLifecycleFixture, type LifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

/** The agent is busy with a turn of its own (a person's `ao send --no-wait`, say). */
async function busyWithATurn(f: LifecycleFixture, sessionId: string): Promise<void> {
  const engine = await f.engine();
  writeTransaction(engine.store, (tx) =>
    insertTurn(tx, { sessionId, origin: "cli", text: "a person's question", sha256: "h" }),
  );
  await f.cycle();
  expect(f.turns(sessionId)).toMatchObject([{ id: "t-1", status: "running" }]);
}

/** The agent answers and goes idle; its screen stands still long enough to read the turn as over. */
async function finishes(f: LifecycleFixture, sessionId: string, reply: string): Promise<void> {
  f.runtime.print(f.runtime.processOf(sessionId)!.handle, reply);
  f.agent.setActivity(sessionId, { activity: "idle" });
  await f.cycle({ deliver: false });
  f.clock.advance(5_000);
}

describe("reactions are delivered as turns", () => {
  it("a CI failure becomes a turn of origin reaction, and reaction.delivered names it", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    const [reaction] = f.reactions(session.id);
    expect(f.turns(session.id)).toMatchObject([
      {
        id: "t-1",
        origin: "reaction",
        reactionId: reaction?.id,
        status: "running",
        marker: "[ao reaction 1]",
      },
    ]);
    const delivered = listEvents((await f.engine()).store, { type: "reaction.delivered" });
    const [turn] = f.turns(session.id);
    expect(delivered.map((event) => event.payload)).toMatchObject([
      { turnId: "t-1", turnStatus: "running", bytes: turn?.message.bytes, sha256: turn?.message.sha256 },
    ]);
    const queued = listEvents((await f.engine()).store, { type: "turn.queued" });
    expect(queued[0]?.payload).toMatchObject({ turnId: "t-1", origin: "reaction", reactionId: reaction?.id });
  });

  it("a busy agent is not waited for: the reaction's turn queues, the reaction is deferred, then delivered once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    await busyWithATurn(f, session.id);
    f.scm.setCi(1, LINT_FAILS);
    const report = await f.cycle();
    expect(report).toMatchObject({ delivered: 0, failed: 0, errors: [] });
    expect(f.turns(session.id).map((turn) => turn.status)).toEqual(["running", "queued"]);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(f.eventTypes(session.id)).toContain("reaction.deferred");
    expect(f.transcript(session.id)).toEqual(["a person's question"]);

    await finishes(f, session.id, "Here is my answer.");
    f.clock.advance(60_000);
    await f.cycle();
    await f.cycle();
    expect(f.turns(session.id).map((turn) => turn.status)).toEqual(["completed", "running"]);
    expect(f.transcript(session.id)).toHaveLength(2);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    const delivered = listEvents((await f.engine()).store, { type: "reaction.delivered" });
    expect(delivered.map((event) => event.payload["turnId"])).toEqual(["t-2"]);
  });

  it("a deferred reaction is recorded delivered by the cycle that delivers its turn, right after it", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    await busyWithATurn(f, session.id);
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "pending" });

    await finishes(f, session.id, "Here is my answer.");
    await f.cycle(); // delivers the reaction's turn to the free agent, well within DEFER_MS
    expect(f.turns(session.id).map((turn) => turn.status)).toEqual(["completed", "running"]);
    // In the same cycle: an agent quick to answer must not be seen answering before it was asked
    // (ao demo printed the agent's fix before "reaction ci-failed: sent to the agent").
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    const events = listEvents((await f.engine()).store, {}).map((event) => event.type);
    const delivered = listEvents((await f.engine()).store, { type: "reaction.delivered" });
    expect(delivered.map((event) => event.payload["turnId"])).toEqual(["t-2"]);
    expect(events.lastIndexOf("reaction.delivered")).toBeGreaterThan(events.lastIndexOf("turn.delivered"));
    expect(f.transcript(session.id)).toHaveLength(2);
  });

  it("a re-attempt of a reaction whose turn exists never makes a second turn", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    await busyWithATurn(f, session.id);
    f.scm.setCi(1, LINT_FAILS);
    for (let cycle = 0; cycle < 4; cycle += 1) {
      f.clock.advance(60_000);
      await f.cycle();
    }
    expect(f.turns(session.id).filter((turn) => turn.origin === "reaction")).toHaveLength(1);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("a reaction cancelled while its turn waited takes the turn with it: the stale message never arrives", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    await busyWithATurn(f, session.id);
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    f.scm.setCi(1, { state: "passing", failing: [] });
    await finishes(f, session.id, "fixed it myself");
    f.clock.advance(60_000);
    await f.cycle();
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    expect(f.eventTypes(session.id)).toContain("reaction.cancelled");
    expect(f.turns(session.id)[1]).toMatchObject({
      status: "failed",
      error: "not delivered: the reaction was cancelled (CI is no longer failing on that head)",
    });
    expect(f.transcript(session.id)).toEqual(["a person's question"]);
  });
});

describe("the cycle and queued turns", () => {
  it("delivers a turn nobody waits for once the agent is free, exactly once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    await busyWithATurn(f, session.id);
    const engine = await f.engine();
    writeTransaction(engine.store, (tx) =>
      insertTurn(tx, { sessionId: session.id, origin: "cli", text: "and then this", sha256: "h" }),
    );
    await f.cycle();
    expect(f.transcript(session.id)).toEqual(["a person's question"]);
    await finishes(f, session.id, "answer one");
    await f.cycle();
    await f.cycle();
    await f.cycle();
    expect(f.transcript(session.id)).toEqual(["a person's question", "and then this"]);
    expect(f.turns(session.id).map((turn) => turn.status)).toEqual(["completed", "running"]);
  });

  it("with deliver: false (ao status --refresh) catches turns up but delivers nothing", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    const engine = await f.engine();
    writeTransaction(engine.store, (tx) =>
      insertTurn(tx, { sessionId: session.id, origin: "cli", text: "not yet", sha256: "h" }),
    );
    await f.cycle({ deliver: false });
    expect(f.transcript(session.id)).toEqual([]);
    expect(f.turns(session.id)[0]?.status).toBe("queued");
  });
});
