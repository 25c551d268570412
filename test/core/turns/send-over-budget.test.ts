import { afterEach, describe, expect, it } from "vitest";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { listEvents, listTurns, recordUsage, writeTransaction } from "../../../src/core/store/index.js";
import { makeTurnFixture, type TurnFixture } from "./turn-fixture.js";

let f: TurnFixture | undefined;
afterEach(() => f?.close());

/** A hooked session that has spent $3 (a priced usage record) against a $1 session budget. */
async function sessionOverBudget(): Promise<{ fx: TurnFixture; id: string }> {
  const fx = makeTurnFixture();
  f = fx;
  const id = await fx.spawnHooked();
  fx.writeConfig("budget:\n  session: { maxCostUsd: 1, per: session }");
  const store = fx.turnContext().store;
  writeTransaction(store, (tx) =>
    recordUsage(tx, { sessionId: id, project: "app", agent: "hooked", cursor: "0" }, "test", [
      {
        key: "r-1",
        at: fx.ctx.clock.now(),
        model: "claude-sonnet-4-5",
        tokens: { input: 1000, output: 500, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
        usd: 3,
      },
    ]),
  );
  return { fx, id };
}

describe("ao send and a session over its budget (issue 14)", () => {
  it("refuses with E_OVER_BUDGET, the budget's words and a hint naming --over-budget; no turn is made", async () => {
    const { fx, id } = await sessionOverBudget();
    const error = await sendMessage(fx.ctx, id, { text: "go on" }, { wait: "queued" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: "E_OVER_BUDGET",
      details: { gate: "budget", reason: "session_budget" },
    });
    expect((error as Error).message).toContain("$3.00 of $1.00");
    expect((error as { hint: string }).hint).toContain(`ao send --over-budget ${id}`);
    // Only the task's own turn (origin spawn), none for the refused message.
    const turns = listTurns(fx.turnContext().store, { sessionId: id });
    expect(turns.map((turn) => turn.origin)).toEqual(["spawn"]);
  });

  it("with --over-budget gives the turn and records budget.overridden naming it", async () => {
    const { fx, id } = await sessionOverBudget();
    const result = await sendMessage(fx.ctx, id, { text: "go on" }, { wait: "queued", overBudget: true });
    expect(result.turn).toMatchObject({ origin: "cli" });
    expect(fx.runtime.processOf(id)?.transcript).toEqual(["go on"]);
    const overridden = listEvents(fx.turnContext().store, { sessionId: id, type: "budget.overridden" });
    expect(overridden.map((event) => event.payload)).toEqual([
      { turnId: result.turn.id, words: "$3.00 of $1.00 so far" },
    ]);
  });

  it("a session within its budget records no override", async () => {
    const fx = makeTurnFixture();
    f = fx;
    const id = await fx.spawnHooked();
    fx.writeConfig("budget:\n  session: { maxCostUsd: 1, per: session }");
    await sendMessage(fx.ctx, id, { text: "go on" }, { wait: "queued", overBudget: true });
    expect(listEvents(fx.turnContext().store, { type: "budget.overridden" })).toEqual([]);
  });
});
