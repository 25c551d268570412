import { afterEach, describe, expect, it } from "vitest";
import type { DeliverOptions, RuntimeHandle } from "../../../src/core/slots/index.js";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { listSessionTurns } from "../../../src/core/turns/turn-commands.js";
import { makeTurnFixture, type TurnFixture } from "./turn-fixture.js";

let f: TurnFixture | undefined;
afterEach(() => f?.close());

/**
 * A stored cursor tells recovery "it may have been pasted" (docs/turns.md, Recovery). A runtime that
 * announces its paste gets the cursor stored right before it, so a process killed during the
 * runtime's checks before the paste leaves none, and its turn is delivered again instead of failed
 * (issue 25's delivery fault test: a quarter to a third of its kills inside a delivery fell there).
 */
describe("a runtime that announces its paste", () => {
  it("gets the cursor stored only right before the paste: a process killed before it leaves none, so recovery queues the turn again", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const store = fx.turnContext().store;
    const cursorOf = () =>
      (
        store.db.prepare("SELECT cursor FROM turns ORDER BY id DESC LIMIT 1").get() as {
          cursor: string | null;
        }
      ).cursor;
    const seen: (string | null)[] = [];
    const deliver = fx.runtime.deliver.bind(fx.runtime);
    Object.assign(fx.runtime, {
      announcesPaste: true,
      async deliver(handle: RuntimeHandle, text: string, options?: DeliverOptions) {
        seen.push(cursorOf()); // what a process killed now, before the paste, leaves
        await options?.beforePaste?.();
        seen.push(cursorOf());
        return deliver(handle, text, options);
      },
    });
    await sendMessage(fx.ctx, id, { text: "hello" }, { wait: "queued" });
    expect(seen[0]).toBeNull();
    expect(seen[1]).not.toBeNull();
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["hello"]);
    expect((await listSessionTurns(fx.ctx, id)).turns.at(-1)).toMatchObject({ status: "running" });
  });

  it("a runtime that does not announce it gets the cursor stored before deliver, as before", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const store = fx.turnContext().store;
    const seen: (string | null)[] = [];
    const deliver = fx.runtime.deliver.bind(fx.runtime);
    Object.assign(fx.runtime, {
      async deliver(handle: RuntimeHandle, text: string, options?: DeliverOptions) {
        const row = store.db.prepare("SELECT cursor FROM turns ORDER BY id DESC LIMIT 1").get();
        seen.push((row as { cursor: string | null }).cursor);
        expect(options?.beforePaste).toBeUndefined();
        return deliver(handle, text, options);
      },
    });
    await sendMessage(fx.ctx, id, { text: "hello" }, { wait: "queued" });
    expect(seen[0]).not.toBeNull();
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["hello"]);
  });
});
