import { describe, expect, it } from "vitest";
import { sendAsync, waitControlTurn } from "../../../src/core/control/control-turns.js";
import { isAoError } from "../../../src/core/errors.js";
import { closeWorker, insertTurn, writeTransaction } from "../../../src/core/store/index.js";
import { controlWorld, HOUR } from "./control-world.js";

/** A real store with one session, app-1, alice's worker, and one of its turns that ended with a reply. */
function world() {
  const { cc, store, clock, alice, bob } = controlWorld([{ id: "app-1", status: "idle" }]);
  const turnId = writeTransaction(
    store,
    (tx) =>
      insertTurn(tx, { sessionId: "app-1", origin: "mcp", text: "Fix it", sha256: "0".repeat(64) }).turn.id,
  );
  store.db
    .prepare(
      "UPDATE turns SET status = 'completed', reply = 'Fixed.', reply_source = 'hook', ended_at = ? WHERE id = ?",
    )
    .run(clock.now(), Number(turnId.slice(2)));
  return { cc, store, clock, alice, bob, turnId };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe("a closed worker's turns", () => {
  it("stay readable by its commander within the reply retention, and by nobody else", async () => {
    const w = world();
    writeTransaction(w.store, (tx) => closeWorker(tx, "app-1"));
    w.clock.advance(HOUR - 1);
    await expect(waitControlTurn(w.cc, w.alice, w.turnId, 0)).resolves.toMatchObject({
      turn_id: w.turnId,
      status: "completed",
      reply: "Fixed.",
      reply_source: "hook",
    });
    const notBobs = await refusal(waitControlTurn(w.cc, w.bob, w.turnId, 0));
    expect(notBobs).toEqual({ code: "E_NOT_FOUND", message: `no turn ${w.turnId}` });
  });

  it("are gone past the retention, and the closed worker takes no new turn", async () => {
    const w = world();
    writeTransaction(w.store, (tx) => closeWorker(tx, "app-1"));
    w.clock.advance(HOUR + 1);
    const gone = await refusal(waitControlTurn(w.cc, w.alice, w.turnId, 0));
    expect(gone.code).toBe("E_NOT_FOUND");
    expect(gone.message).toContain("is no longer kept");
    const driven = await refusal(sendAsync(w.cc, w.alice, { sessionId: "app-1", message: "More" }));
    expect(driven).toEqual({ code: "E_NOT_FOUND", message: "no session app-1" });
  });
});
