import { describe, expect, it } from "vitest";
import {
  claimDueReactions,
  releaseInterruptedReactions,
  writeTransaction,
} from "../../../src/core/store/index.js";
import type { LifecycleEngine } from "../../../src/core/lifecycle/index.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

/** What the daemon does when it starts: every `delivering` row is an orphan of a dead daemon. */
async function restart(f: ReturnType<typeof makeLifecycleFixture>): Promise<LifecycleEngine> {
  (await f.engine()).close();
  const engine = await f.open();
  writeTransaction(engine.store, (tx) => releaseInterruptedReactions(tx));
  return engine;
}

describe("a daemon killed in the middle of a delivery", () => {
  it("killed after claiming, before pasting: the restarted daemon delivers exactly once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle({ deliver: false });
    const engine = await f.engine();
    writeTransaction(engine.store, (tx) => claimDueReactions(tx));
    await restart(f);
    await f.cycle();
    await f.cycle();
    expect(f.transcript(session.id)).toHaveLength(1);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("killed after the paste, before marking it done: the marker on the agent's screen prevents a second paste", async () => {
    let crash: (() => void) | undefined;
    const f = makeLifecycleFixture({ program: () => crash?.() });
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const engine = await f.engine();
    crash = () => engine.close(); // the database goes away right after the paste, as with kill -9
    const report = await f.cycle();
    expect(report.errors.join("\n")).toMatch(/not open/);
    crash = undefined;
    await restart(f);
    const after = await f.cycle();
    expect(after).toMatchObject({ delivered: 1 });
    expect(f.transcript(session.id)).toHaveLength(1);
    expect(f.transcript(session.id)[0]).toMatch(/\n\[ao reaction 1\]$/);
    expect(f.eventTypes(session.id).filter((type) => type === "reaction.delivered")).toHaveLength(1);
  });

  it("killed after the paste, before Enter: the recovered attempt presses Enter once, and pastes nothing", async () => {
    let crash: (() => void) | undefined;
    const f = makeLifecycleFixture({ program: () => crash?.() });
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const engine = await f.engine();
    crash = () => engine.close();
    await f.cycle();
    crash = undefined;
    expect(f.runtime.submits).toEqual([]);
    await restart(f);
    await f.cycle();
    await f.cycle();
    const process = f.runtime.processOf(session.id)!;
    expect(f.runtime.submits).toEqual([process.handle.id]);
    expect(f.transcript(session.id)).toHaveLength(1);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
  });

  it("killed after the paste, with the screen no longer showing it: never pasted again, a person is told", async () => {
    let crash: (() => void) | undefined;
    const f = makeLifecycleFixture({ program: () => crash?.() });
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const engine = await f.engine();
    crash = () => engine.close();
    await f.cycle();
    crash = undefined;
    f.runtime.processOf(session.id)!.screen.length = 0;
    f.agent.setActivity(session.id, undefined);
    await restart(f);
    await f.cycle();
    expect(f.transcript(session.id)).toHaveLength(1);
    expect(f.turns(session.id)).toMatchObject([
      {
        status: "failed",
        error:
          "delivery interrupted: the agent shows no sign of the message; its input was cleared so nothing is glued to the next message, and it was not sent again",
      },
    ]);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "escalated" });
    expect(f.notifier.sent[0]?.body).toContain("t-1 could not be delivered: delivery interrupted");
    expect(f.runtime.submits).toEqual([]);
  });
});
