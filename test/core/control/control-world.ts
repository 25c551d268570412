import type { LoadedConfig } from "../../../src/core/config/index.js";
import { createCommander } from "../../../src/core/control/commanders.js";
import type { ControlContext } from "../../../src/core/control/control-context.js";
import { enrolWorker } from "../../../src/core/credentials/worker-secret.js";
import {
  insertSession,
  writeTransaction,
  type Commander,
  type Store,
} from "../../../src/core/store/index.js";
import type { SessionAgent } from "../../../src/core/turns/turn-context.js";
import { openTestStore, type ManualClock } from "../store/store-fixture.js";

export const HOUR = 3_600_000;
export const CONTROL_SECTION = { enabled: true, sendBoundMs: 40_000, replyRetentionMs: HOUR, http: false };

export interface ControlWorld {
  cc: ControlContext;
  store: Store;
  clock: ManualClock;
  alice: Commander;
  bob: Commander;
}

/**
 * The control plane's tests share this world: a real store with the given sessions of project
 * `app`, commanders alice and bob, app-1 enrolled as alice's worker, and agents whose runtime says
 * they are alive.
 */
export function controlWorld(sessions: { id: string; status: string }[]): ControlWorld {
  const { store, clock, ctx } = openTestStore();
  const config = {
    path: "/x/agent-orchestrator.yaml",
    config: { controlPlane: CONTROL_SECTION, projects: { app: { controlPlane: CONTROL_SECTION } } },
  };
  const agentOf = (session: SessionAgent["session"]) =>
    Promise.resolve({
      session,
      handle: { id: session.id },
      runtime: { liveness: () => Promise.resolve({ state: "alive" }) },
      agent: {},
    } as unknown as SessionAgent);
  const cc: ControlContext = {
    ctx,
    store,
    config: config as unknown as LoadedConfig,
    turns: { ctx, store, agentOf },
    cliOf: () => Promise.resolve("claude"),
  };
  writeTransaction(store, (tx) => {
    for (const { id, status } of sessions) insertAppSession(tx, id, status);
  });
  const alice = createCommander(store, ctx.paths, "alice").commander;
  const bob = createCommander(store, ctx.paths, "bob").commander;
  writeTransaction(store, (tx) => enrolWorker(tx, ctx.paths, "app-1", alice.id));
  return { cc, store, clock, alice, bob };
}

function insertAppSession(tx: Parameters<typeof insertSession>[0], id: string, status: string): void {
  const where = { project: "app", branch: `b/${id}`, worktree: `/w/${id}` };
  insertSession(
    tx,
    { id, ...where, runtime: "r", agent: "a", status, runtimeHandle: { id } } as never,
    {
      type: "session.created",
      payload: where,
    } as never,
  );
}
