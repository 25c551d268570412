import { describe, expect, it } from "vitest";
import {
  claimDueReactions,
  releaseInterruptedReactions,
  writeTransaction,
  type Session,
} from "../../../src/core/store/index.js";
import type { LifecycleEngine } from "../../../src/core/lifecycle/index.js";
import type { FakeProgram } from "../../fakes/runtime.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

/** What the daemon does when it starts: every `delivering` row is an orphan of a dead daemon. */
async function restart(f: ReturnType<typeof makeLifecycleFixture>): Promise<LifecycleEngine> {
  (await f.engine()).close();
  const engine = await f.open();
  writeTransaction(engine.store, (tx) => releaseInterruptedReactions(tx));
  return engine;
}

/**
 * `size` sessions, each with a pull request whose CI fails, so every one has a reaction to deliver;
 * the crash (`program`'s `crash`) hits the paste into `target`, the one in the middle of the fleet.
 */
async function failingFleet(size: number) {
  let crash: (() => void) | undefined;
  let targetId = "";
  const program: FakeProgram = (_text, process) => {
    if (process.input.sessionId === targetId) crash?.();
  };
  const f = makeLifecycleFixture({ program });
  const sessions: Session[] = [];
  for (let n = 0; n < size; n++) {
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(session.prNumber!, LINT_FAILS);
    sessions.push(session);
  }
  const target = sessions[Math.floor(size / 2)]!;
  targetId = target.id;
  const others = sessions.filter((session) => session !== target);
  return { f, sessions, target, others, crashWith: (then: (() => void) | undefined) => (crash = then) };
}

/**
 * The restart tests, for one session and for a fleet of 100 (issue 29: the same exactly-once
 * guarantees at fleet size): whatever the crash interrupted, every session's message reaches its
 * agent once.
 */
describe.each([1, 100])("a daemon killed in the middle of a delivery, %i session(s)", (size) => {
  it("killed after claiming, before pasting: the restarted daemon delivers exactly once", async () => {
    const { f, sessions } = await failingFleet(size);
    await f.cycle({ deliver: false });
    const engine = await f.engine();
    writeTransaction(engine.store, (tx) => claimDueReactions(tx));
    await restart(f);
    await f.cycle();
    await f.cycle();
    for (const session of sessions) {
      expect(f.transcript(session.id), session.id).toHaveLength(1);
      expect(f.reactions(session.id)[0]).toMatchObject({ status: "done", attempts: 2 });
    }
  });

  it("killed after the paste, before marking it done: the marker on the agent's screen prevents a second paste", async () => {
    const { f, sessions, target, crashWith } = await failingFleet(size);
    const engine = await f.engine();
    crashWith(() => engine.close()); // the database goes away right after the paste, as with kill -9
    const report = await f.cycle();
    expect(report.errors.join("\n")).toMatch(/not open/);
    crashWith(undefined);
    await restart(f);
    await f.cycle();
    await f.cycle();
    expect(f.transcript(target.id)[0]).toMatch(/\n\[ao reaction \d+\]$/);
    for (const session of sessions) {
      expect(f.transcript(session.id), session.id).toHaveLength(1);
      const delivered = f.eventTypes(session.id).filter((type) => type === "reaction.delivered");
      expect(delivered, session.id).toHaveLength(1);
    }
  });

  it("killed after the paste, before Enter: the recovered attempt presses Enter once, and pastes nothing", async () => {
    const { f, sessions, target, crashWith } = await failingFleet(size);
    const engine = await f.engine();
    crashWith(() => engine.close());
    await f.cycle();
    crashWith(undefined);
    expect(f.runtime.submits).not.toContain(f.runtime.processOf(target.id)!.handle.id);
    await restart(f);
    await f.cycle();
    await f.cycle();
    const targetHandle = f.runtime.processOf(target.id)!.handle.id;
    expect(f.runtime.submits.filter((id) => id === targetHandle)).toHaveLength(1);
    for (const session of sessions) {
      expect(f.transcript(session.id), session.id).toHaveLength(1);
      expect(f.reactions(session.id)[0], session.id).toMatchObject({ status: "done" });
    }
  });

  it("killed after the paste, with the screen no longer showing it: never pasted again, a person is told", async () => {
    const { f, target, others, crashWith } = await failingFleet(size);
    const engine = await f.engine();
    crashWith(() => engine.close());
    await f.cycle();
    crashWith(undefined);
    f.runtime.processOf(target.id)!.screen.length = 0;
    f.agent.setActivity(target.id, undefined);
    await restart(f);
    await f.cycle();
    await f.cycle();
    expect(f.transcript(target.id)).toHaveLength(1);
    expect(f.turns(target.id)).toMatchObject([
      {
        status: "failed",
        error:
          "delivery interrupted: the agent shows no sign of the message; its input was cleared so nothing is glued to the next message, and it was not sent again",
      },
    ]);
    expect(f.reactions(target.id)[0]).toMatchObject({ status: "escalated" });
    const turnId = f.turns(target.id)[0]!.id;
    const told = f.notifier.sent.filter((sent) => sent.body.includes(`${turnId} could not be delivered`));
    expect(told.map((sent) => sent.body).join("\n")).toContain("delivery interrupted");
    expect(f.runtime.submits).not.toContain(f.runtime.processOf(target.id)!.handle.id);
    for (const session of others) {
      expect(f.transcript(session.id), session.id).toHaveLength(1);
      expect(f.reactions(session.id)[0], session.id).toMatchObject({ status: "done" });
    }
  });
});
