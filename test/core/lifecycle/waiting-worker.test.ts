import { describe, expect, it } from "vitest";
import { workersWaitingForCommander } from "../../../src/core/lifecycle/waiting-workers.js";
import {
  closeWorker,
  insertCommander,
  insertTurn,
  insertWorker,
  writeTransaction,
} from "../../../src/core/store/index.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const MINUTE = 60_000;

/** Two live sessions gone quiet: app-1 a commander's worker without a turn, app-2 a plain session. */
async function quietWorkerAndSession() {
  const f = makeLifecycleFixture();
  const worker = await f.addSession();
  const plain = await f.addSession();
  const { store } = await f.engine();
  writeTransaction(store, (tx) => {
    const commander = insertCommander(tx, "alice", "1".repeat(64));
    insertWorker(tx, worker.id, commander.id);
  });
  for (const id of [worker.id, plain.id]) f.agent.setActivity(id, { activity: "idle" });
  await f.cycle();
  return { f, store, worker, plain };
}

describe("a control-plane worker waiting for its commander (issue 25)", () => {
  it("stays idle past the stuck threshold, without a stuck event, while a plain session becomes stuck", async () => {
    const { f, worker, plain } = await quietWorkerAndSession();
    expect([f.session(worker.id).status, f.session(plain.id).status]).toEqual(["idle", "idle"]);
    f.clock.advance(11 * MINUTE);
    await f.cycle();
    expect(f.session(plain.id).status).toBe("stuck");
    expect(f.eventTypes(plain.id)).toContain("lifecycle.stuck");
    expect(f.session(worker.id).status).toBe("idle");
    expect(f.eventTypes(worker.id)).not.toContain("lifecycle.stuck");
  });

  it("is waiting only while open and with no turn under way", async () => {
    const { store, worker, plain } = await quietWorkerAndSession();
    const sessions = [worker, plain];
    expect([...workersWaitingForCommander(store, sessions)]).toEqual([worker.id]);
    writeTransaction(store, (tx) =>
      insertTurn(tx, { sessionId: worker.id, origin: "mcp", text: "Go on", sha256: "0".repeat(64) }),
    );
    expect([...workersWaitingForCommander(store, sessions)]).toEqual([]);
    store.db
      .prepare("UPDATE turns SET status = 'completed', ended_at = 1 WHERE session_id = ?")
      .run(worker.id);
    expect([...workersWaitingForCommander(store, sessions)]).toEqual([worker.id]);
    writeTransaction(store, (tx) => closeWorker(tx, worker.id));
    expect([...workersWaitingForCommander(store, sessions)]).toEqual([]);
  });
});
