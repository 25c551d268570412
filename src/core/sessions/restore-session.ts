import type { AoContext } from "../context.js";
import { AoError, isAoError } from "../errors.js";
import {
  closeStore,
  endTurn,
  openStore,
  openTurnOf,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
  type Store,
  type WriteTx,
} from "../store/index.js";
import type { Liveness, RuntimeHandle } from "../slots/index.js";
import { assertSpawnInterrupted, finishInterruptedSpawn } from "./interrupted-spawn.js";
import { openProject, type OpenProject } from "./open-project.js";
import { relaunchAgent } from "./relaunch-agent.js";
import { handleJson, storedHandle } from "../session-plugins/runtime-handle.js";

export interface RestoreOptions {
  configPath?: string | undefined;
  /** Restore even when the spawner seems alive or liveness cannot be told. */
  force?: boolean | undefined;
}

export type RestoreAction = "finished_spawn" | "restored" | "already_running";

export interface RestoreResult {
  session: Session;
  action: RestoreAction;
  /** The agent continued its earlier conversation. */
  resumed: boolean;
  /** The checkout was gone and was made again from the session's branch. */
  workspaceRecreated: boolean;
  /** Why the conversation was not resumed, for the person. */
  note?: string | undefined;
}

const NOT_RESTORABLE = new Set(["merged", "closed"]);

/** Brings one session back: finishes an interrupted spawn, or restarts its agent in the same checkout. */
export async function restoreSession(
  ctx: AoContext,
  id: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    const opened = await openProject(ctx, session.project, {
      configPath: options.configPath,
      runtime: session.runtime,
      agent: session.agent,
    });
    return await restoreWith(ctx, store, opened, session, options);
  } finally {
    closeStore(store);
  }
}

export async function restoreWith(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  session: Session,
  options: RestoreOptions,
): Promise<RestoreResult> {
  if (session.status === "spawning") {
    assertSpawnInterrupted(store, session, options.force === true);
    const finished = await finishInterruptedSpawn(ctx, store, opened, session);
    return { session: finished, action: "finished_spawn", resumed: false, workspaceRecreated: false };
  }
  assertRestorable(session);
  const handle = storedHandle(session);
  const liveness: Liveness =
    handle === undefined ? { state: "missing" } : await opened.runtime.liveness(handle);
  if (liveness.state === "alive" && session.status !== "killed") {
    return { session, action: "already_running", resumed: false, workspaceRecreated: false };
  }
  if (liveness.state === "unknown" && options.force !== true) {
    throw new AoError(
      "E_SESSION_STATE",
      `cannot tell whether ${session.id} is still running: ${liveness.reason}`,
      {
        hint: "restoring now could start a second agent in the same checkout; retry, or pass --force",
        details: { session: session.id },
      },
    );
  }
  return restart(ctx, store, opened, session, { handle, liveness });
}

function assertRestorable(session: Session): void {
  if (NOT_RESTORABLE.has(session.status)) {
    throw new AoError("E_SESSION_STATE", `${session.id} is ${session.status}: its work is finished`, {
      hint: "spawn a new session for further work",
      details: { session: session.id, status: session.status },
    });
  }
  if (session.status === "errored" && session.spawnStep !== "done") {
    throw new AoError(
      "E_SESSION_STATE",
      `${session.id} failed to spawn (${session.reason ?? "no reason"}), so there is nothing to restore`,
      {
        hint: "spawn the task again",
        details: { session: session.id, reason: session.reason },
      },
    );
  }
}

async function restart(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  session: Session,
  old: { handle: RuntimeHandle | undefined; liveness: Liveness },
): Promise<RestoreResult> {
  const started = await relaunchAgent(ctx, opened, session, old).catch((error: unknown) => {
    if (isAoError(error) && error.code === "E_SPAWN_FAILED") recordDiedAgain(ctx, store, session, error);
    throw error;
  });
  const { resumed, workspaceRecreated, note } = started;
  const agentSessionId = started.agentSessionId ?? null;
  const patch = {
    status: "working" as const,
    reason: "restored",
    runtimeHandle: handleJson(started.handle),
    worktree: started.worktree,
    branch: started.branch,
    agentSessionId,
    // A new agent runs: the old one's exit is history (its lines stay on the old pane only).
    exit: null,
  };
  const payload = {
    from: session.status,
    resumed,
    workspaceRecreated,
    agentSessionId,
    ...(note === undefined ? {} : { note }),
  };
  const restored = writeTransaction(store, (tx) => {
    if (killedMeanwhile(tx, session)) return undefined;
    endTurnOfOldAgent(tx, session.id);
    return updateSession(tx, session.id, patch, { type: "session.restored", payload });
  });
  if (restored === undefined) return stopKilledMeanwhile(opened, session, started.handle);
  return { session: restored, action: "restored", resumed, workspaceRecreated, note };
}

/** A kill recorded while the agent was being started again wins: the record stays killed. */
function killedMeanwhile(tx: WriteTx, session: Session): boolean {
  return session.status !== "killed" && requireSession(tx, session.id).status === "killed";
}

async function stopKilledMeanwhile(
  opened: OpenProject,
  session: Session,
  handle: RuntimeHandle,
): Promise<never> {
  await opened.runtime.stop(handle);
  throw new AoError("E_SESSION_STATE", `${session.id} was killed while it was being restored`, {
    hint: `the agent started again was stopped; restore it on purpose with \`ao session restore ${session.id}\``,
    details: { session: session.id, status: "killed" },
  });
}

/**
 * The agent started again and died within the watch (its login or network still missing): the
 * session ends `exited` with the new agent's last lines, so status shows why, never `restored`.
 */
function recordDiedAgain(ctx: AoContext, store: Store, session: Session, error: AoError): void {
  const details = error.details as { exitCode?: number | null; lastLines?: string[] } | undefined;
  const exit = {
    exitCode: details?.exitCode ?? null,
    lastLines: details?.lastLines ?? [],
    seenAt: ctx.clock.now(),
  };
  const reason = "restore_failed";
  writeTransaction(store, (tx) =>
    updateSession(
      tx,
      session.id,
      { status: "exited", reason, exit },
      { type: "session.status", payload: { from: session.status, to: "exited", reason } },
    ),
  );
}

/**
 * The turn the old agent was working on ended with it: the new agent's signals and screen are not
 * that turn's. (A turn still being delivered belongs to its claimant, and its recovery finds it.)
 */
function endTurnOfOldAgent(tx: WriteTx, sessionId: string): void {
  const open = openTurnOf(tx, sessionId);
  if (open?.status === "running")
    endTurn(tx, open.id, {
      status: "failed",
      error: "the agent was restarted (ao session restore) before it ended the turn",
    });
}
