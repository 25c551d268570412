import { describe, expect, it } from "vitest";
import type { LoadedConfig } from "../../../src/core/config/index.js";
import { createCommander } from "../../../src/core/control/commanders.js";
import type { ControlContext } from "../../../src/core/control/control-context.js";
import { sendAsync, waitControlTurn } from "../../../src/core/control/control-turns.js";
import { enrolWorker } from "../../../src/core/control/worker-secret.js";
import { isAoError } from "../../../src/core/errors.js";
import { closeWorker, insertSession, insertTurn, writeTransaction } from "../../../src/core/store/index.js";
import type { SessionAgent } from "../../../src/core/turns/turn-context.js";
import { openTestStore } from "../store/store-fixture.js";

const HOUR = 3_600_000;
const SECTION = { enabled: true, sendBoundMs: 40_000, replyRetentionMs: HOUR, http: false };

/** A real store with one session, app-1, alice's worker, and one of its turns that ended with a reply. */
function world() {
  const { store, clock, ctx } = openTestStore();
  const config = { path: "/x/agent-orchestrator.yaml", config: { controlPlane: SECTION, projects: {} } };
  const agentOf = (session: SessionAgent["session"]) =>
    Promise.resolve({ session, handle: { id: session.id }, agent: {} } as unknown as SessionAgent);
  const cc: ControlContext = {
    ctx,
    store,
    config: config as unknown as LoadedConfig,
    turns: { ctx, store, agentOf },
    cliOf: () => Promise.resolve("claude"),
  };
  const session = { id: "app-1", project: "app", branch: "b/1", worktree: "/w/1", runtime: "r", agent: "a" };
  const alice = createCommander(store, ctx.paths, "alice").commander;
  const bob = createCommander(store, ctx.paths, "bob").commander;
  const turnId = writeTransaction(store, (tx) => {
    insertSession(tx, { ...session, status: "idle", runtimeHandle: { id: "app-1" } }, {
      type: "session.created",
      payload: { project: "app", branch: "b/1", worktree: "/w/1" },
    } as never);
    enrolWorker(tx, ctx.paths, "app-1", alice.id);
    return insertTurn(tx, { sessionId: "app-1", origin: "mcp", text: "Fix it", sha256: "0".repeat(64) }).turn
      .id;
  });
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
