import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { giveControlTurn } from "../../../src/core/control/give-control-turn.js";
import { requireOwnWorker } from "../../../src/core/control/own-worker.js";
import { controlTurnResult } from "../../../src/core/control/turn-result.js";
import { reportToCommander } from "../../../src/core/control/worker-report.js";
import { workerMcpServer, workerSecretPath } from "../../../src/core/credentials/worker-secret.js";
import { isAoError } from "../../../src/core/errors.js";
import {
  closeWorker,
  insertReport,
  insertTurn,
  listTurns,
  requireTurn,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { listSessionTurns, showTurn } from "../../../src/core/turns/turn-commands.js";
import { controlWorld, HOUR, type ControlWorld } from "./control-world.js";

/** A real store with two sessions, app-1 alice's worker; an agent whose runtime says it is alive. */
function world(): ControlWorld {
  return controlWorld([
    { id: "app-1", status: "working" },
    { id: "app-2", status: "working" },
  ]);
}

function endTurnAs(
  store: Store,
  id: string,
  status: string,
  reply: string | null,
  error: string | null = null,
): void {
  store.db
    .prepare(
      "UPDATE turns SET status = ?, reply = ?, reply_source = ?, error = ?, ended_at = ?, message = NULL WHERE id = ?",
    )
    .run(status, reply, reply === null ? null : "hook", error, store.clock.now(), Number(id.slice(2)));
}

function listSessionTurnsIds(w: ControlWorld): string[] {
  return listTurns(w.store, { sessionId: "app-1" }).map((turn) => turn.id);
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; hint: string | undefined; details: unknown }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return { code: error.code, message: error.message, hint: error.hint, details: error.details };
}

describe("the control plane's domain", () => {
  it("answers another commander's worker, a closed one and a plain session exactly like a missing one", async () => {
    const w = world();
    expect(requireOwnWorker(w.store, w.alice, "app-1").id).toBe("app-1");
    const missing = await rejection(
      Promise.resolve().then(() => requireOwnWorker(w.store, w.alice, "app-9")),
    );
    const shape = (e: object, id: string) => JSON.stringify(e).replaceAll(id, "ID");
    for (const [commander, id] of [
      [w.bob, "app-1"],
      [w.alice, "app-2"],
    ] as const) {
      const refused = await rejection(Promise.resolve().then(() => requireOwnWorker(w.store, commander, id)));
      expect(shape(refused, id)).toBe(shape(missing, "app-9"));
    }
    writeTransaction(w.store, (tx) => closeWorker(tx, "app-1"));
    const closed = await rejection(Promise.resolve().then(() => requireOwnWorker(w.store, w.alice, "app-1")));
    expect(shape(closed, "app-1")).toBe(shape(missing, "app-9"));
  });

  it("gives one turn per instruction: the same message without a key is the same turn only while it is open", async () => {
    const w = world();
    const first = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Fix the bug" });
    expect(first.deduplicated).toBe(false);
    const again = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Fix the bug" });
    expect(again).toMatchObject({ deduplicated: true, turn: { id: first.turn.id } });
    const busy = await rejection(
      giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Something else" }),
    );
    expect(busy).toMatchObject({
      code: "E_BUSY",
      details: { running_turn: first.turn.id, status: "queued" },
    });
    endTurnAs(w.store, first.turn.id, "completed", "done");
    w.clock.advance(1_000);
    // Once it ended, the same text is a deliberate repeat ("continue" twice), never the old turn.
    const repeated = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Fix the bug" });
    expect(repeated.deduplicated).toBe(false);
    expect(repeated.turn.id).not.toBe(first.turn.id);
  });

  it("a new request_id is a new instruction however its text repeats; a reused one with another message is refused", async () => {
    const w = world();
    const first = await giveControlTurn(w.cc, w.alice, {
      sessionId: "app-1",
      message: "continue",
      requestId: "k-1",
    });
    // The first "continue" is still open: the second, under a new key, is another instruction.
    const busy = await rejection(
      giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "continue", requestId: "k-2" }),
    );
    expect(busy).toMatchObject({ code: "E_BUSY", details: { running_turn: first.turn.id } });
    endTurnAs(w.store, first.turn.id, "completed", "went on");
    w.clock.advance(5_000);
    const second = await giveControlTurn(w.cc, w.alice, {
      sessionId: "app-1",
      message: "continue",
      requestId: "k-2",
    });
    expect(second.deduplicated).toBe(false);
    expect(second.turn.id).not.toBe(first.turn.id);
    const reused = await rejection(
      giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "now deploy it", requestId: "k-1" }),
    );
    expect(reused).toMatchObject({
      code: "E_REQUEST_ID_REUSED",
      details: { turn: first.turn.id, request_id: "k-1" },
    });
    expect(reused.hint).toContain("new request_id");
    expect(listSessionTurnsIds(w)).toEqual([first.turn.id, second.turn.id]);
  });

  it("two calls arriving together inject once; a request_id is the same turn even long after", async () => {
    const w = world();
    const [a, b] = await Promise.all([
      giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Run it", requestId: "r-1" }),
      giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Run it" }),
    ]);
    expect(b.turn.id).toBe(a.turn.id);
    expect([a.deduplicated, b.deduplicated].sort()).toEqual([false, true]);
    endTurnAs(w.store, a.turn.id, "completed", "ran");
    w.clock.advance(10 * 60_000);
    const byKey = await giveControlTurn(w.cc, w.alice, {
      sessionId: "app-1",
      message: "Run it",
      requestId: "r-1",
    });
    expect(byKey).toMatchObject({ deduplicated: true, turn: { id: a.turn.id } });
  });

  it("queues behind a turn the commander did not give (the spawn's task) instead of refusing", async () => {
    const w = world();
    const task = writeTransaction(w.store, (tx) =>
      insertTurn(tx, { sessionId: "app-1", origin: "spawn", text: "the task", sha256: "0".repeat(64) }),
    ).turn;
    const given = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "first question" });
    expect(given).toMatchObject({ deduplicated: false, turn: { status: "queued" } });
    expect(given.turn.id).not.toBe(task.id);
  });

  it("prefers the worker's report over the hook's reply, and says which it is", async () => {
    const w = world();
    const { turn } = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Answer" });
    endTurnAs(w.store, turn.id, "completed", "from the hook");
    expect(await controlTurnResult(w.cc, requireTurn(w.store, turn.id))).toMatchObject({
      status: "completed",
      reply: "from the hook",
      reply_source: "hook",
    });
    writeTransaction(w.store, (tx) => insertReport(tx, "app-1", turn.id, "from orch_report"));
    expect(await controlTurnResult(w.cc, requireTurn(w.store, turn.id))).toMatchObject({
      reply: "from orch_report",
      reply_source: "report",
    });
  });

  it("ao turns shows the report as the turn's reply, with its source", async () => {
    const w = world();
    const { turn } = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Answer" });
    endTurnAs(w.store, turn.id, "completed", "from the hook");
    writeTransaction(w.store, (tx) => insertReport(tx, "app-1", turn.id, "from orch_report"));
    const listed = await listSessionTurns(w.cc.ctx, "app-1");
    expect(listed.turns[0]).toMatchObject({ id: turn.id, replySource: "report", replyBytes: 16 });
    expect(await showTurn(w.cc.ctx, turn.id)).toMatchObject({
      reply: "from orch_report",
      replySource: "report",
    });
  });

  it("makes a failed or empty turn an error with the agent's words and a hint to run its CLI", async () => {
    const w = world();
    const failed = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "One" });
    endTurnAs(w.store, failed.turn.id, "failed", null, "API Error: 401 invalid x-api-key");
    const error = await rejection(controlTurnResult(w.cc, requireTurn(w.store, failed.turn.id)));
    expect(error.code).toBe("E_TURN_FAILED");
    expect(error.message).toContain("API Error: 401 invalid x-api-key");
    expect(error.hint).toContain("run `claude` once in a terminal");
    const empty = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Two" });
    endTurnAs(w.store, empty.turn.id, "empty", "");
    const emptyError = await rejection(controlTurnResult(w.cc, requireTurn(w.store, empty.turn.id)));
    expect(emptyError.code).toBe("E_TURN_FAILED");
    expect(emptyError.message).toContain("ended with no reply");
  });

  it("keeps a reply for the retention, then says it is gone", async () => {
    const w = world();
    const { turn } = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Keep" });
    endTurnAs(w.store, turn.id, "completed", "kept");
    w.clock.advance(HOUR);
    expect((await controlTurnResult(w.cc, requireTurn(w.store, turn.id))).reply).toBe("kept");
    w.clock.advance(1);
    expect(await rejection(controlTurnResult(w.cc, requireTurn(w.store, turn.id)))).toMatchObject({
      code: "E_NOT_FOUND",
      message: `the reply of ${turn.id} is no longer kept (older than 1h)`,
    });
  });

  it("authorises orch_report by the worker's 0600 secret alone, for its open turn, until it is closed", async () => {
    const w = world();
    const spec = workerMcpServer(w.cc.ctx.paths, "app-1");
    const file = workerSecretPath(w.cc.ctx.paths, "app-1");
    expect(spec?.args).toContain(file);
    expect(spec?.tools).toEqual(["orch_report"]);
    expect(workerMcpServer(w.cc.ctx.paths, "app-2")).toBeUndefined();
    const secret = readFileSync(file, "utf8").trim();
    expect(JSON.stringify(spec)).not.toContain(secret);
    const { turn } = await giveControlTurn(w.cc, w.alice, { sessionId: "app-1", message: "Report back" });
    w.store.db.prepare("UPDATE turns SET status = 'running' WHERE id = ?").run(Number(turn.id.slice(2)));
    expect(reportToCommander(w.cc, secret, { text: "All done." })).toEqual({
      ok: true,
      turn_id: turn.id,
      commander: "alice",
    });
    expect(reportToCommander(w.cc, secret, { text: "FYI", final: false }).turn_id).toBeNull();
    expect(() => reportToCommander(w.cc, `${secret}x`, { text: "forged" })).toThrow(/no open worker/);
    writeTransaction(w.store, (tx) => closeWorker(tx, "app-1"));
    expect(() => reportToCommander(w.cc, secret, { text: "late" })).toThrow(/no open worker/);
  });
});
