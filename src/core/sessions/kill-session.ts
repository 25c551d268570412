import type { AoContext } from "../context.js";
import { AoError, isAoError, messageOf } from "../errors.js";
import {
  closeStore,
  openStore,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
  type Store,
} from "../store/index.js";
import { assertSpawnInterrupted, rollBackInterruptedSpawn } from "./interrupted-spawn.js";
import { openProject } from "./open-project.js";
import { storedHandle, stopVerified } from "../session-plugins/runtime-handle.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";

export interface KillOptions {
  /** Also remove the checkout. The branch is always kept. */
  purge?: boolean | undefined;
  /** With purge: discard uncommitted work. Also: kill a spawn whose process seems alive. */
  force?: boolean | undefined;
  configPath?: string | undefined;
}

export interface KillResult {
  session: Session;
  /** `removed` with --purge; `kept` otherwise. */
  workspace: "kept" | "removed";
  /** The branch, which ao never deletes: the session's commits stay reachable. */
  branch: string;
}

/** Stops a session's agent and marks it killed; with purge, removes its checkout too (never its branch). */
export async function killSession(
  ctx: AoContext,
  id: string,
  options: KillOptions = {},
): Promise<KillResult> {
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    if (session.status === "spawning") return await killInterruptedSpawn(ctx, store, session, options);
    // Killed first, stopped second: the daemon's self-heal (daemon/self-heal.ts) restores sessions
    // whose agents went away while their record says live, and a kill must never look like that.
    const killed = session.status === "killed" ? session : markKilled(store, session, options.purge === true);
    await stopKilled(ctx, killed, options.configPath);
    if (options.purge !== true) return { session: killed, workspace: "kept", branch: killed.branch };
    await purgeWorkspace(ctx, store, killed, options);
    return { session: killed, workspace: "removed", branch: killed.branch };
  } finally {
    closeStore(store);
  }
}

async function stopRuntime(ctx: AoContext, session: Session, configPath: string | undefined): Promise<void> {
  const handle = storedHandle(session);
  if (handle === undefined) return;
  const plugins = await pluginsForSessions(ctx, [session], configPath);
  const options = plugins.optionsFor(session, "runtime");
  await stopVerified(await plugins.registry.resolve("runtime", session.runtime, options), handle);
}

function markKilled(store: Store, session: Session, purge: boolean, reason = "killed_by_user"): Session {
  return writeTransaction(store, (tx) =>
    updateSession(
      tx,
      session.id,
      { status: "killed", reason },
      { type: "session.killed", payload: { from: session.status, purge } },
    ),
  );
}

/**
 * Stops the agent of a session already recorded killed. When it does not stop, the error says so:
 * the record says killed, the agent may still run, and running the kill again stops it (a session
 * already killed is only stopped again).
 */
async function stopKilled(ctx: AoContext, session: Session, configPath: string | undefined): Promise<void> {
  try {
    await stopRuntime(ctx, session, configPath);
  } catch (error) {
    const cause = isAoError(error) ? error : undefined;
    throw new AoError(
      cause?.code ?? "E_SESSION_STATE",
      `${session.id} is recorded killed, but its agent could not be stopped: ${messageOf(error)}`,
      {
        hint: cause?.hint ?? `run \`ao session kill ${session.id}\` again to stop it`,
        details: { ...cause?.details, session: session.id, recordedStatus: "killed" },
        cause: error,
      },
    );
  }
}

/** Refuses uncommitted work unless forced; the workspace never deletes the branch. */
async function purgeWorkspace(
  ctx: AoContext,
  store: Store,
  session: Session,
  options: KillOptions,
): Promise<void> {
  const opened = await openProject(ctx, session.project, {
    configPath: options.configPath,
    runtime: session.runtime,
    agent: session.agent,
  });
  const forced = options.force === true;
  await opened.workspace.destroy(session.worktree, { force: forced }).catch((error: unknown) => {
    throw explainDirty(error, session);
  });
  writeTransaction(store, (tx) =>
    updateSession(
      tx,
      session.id,
      {},
      { type: "session.workspace_removed", payload: { worktree: session.worktree, forced } },
    ),
  );
}

/** An interrupted spawn has nothing worth keeping: it is rolled back entirely, then marked killed. */
async function killInterruptedSpawn(
  ctx: AoContext,
  store: Store,
  session: Session,
  options: KillOptions,
): Promise<KillResult> {
  assertSpawnInterrupted(store, session, options.force === true);
  const opened = await openProject(ctx, session.project, {
    configPath: options.configPath,
    runtime: session.runtime,
    agent: session.agent,
  });
  const problems = await rollBackInterruptedSpawn(ctx, store, opened, session);
  if (problems.length > 0) {
    throw new AoError(
      "E_SESSION_STATE",
      `rolling back the interrupted spawn of ${session.id} was incomplete: ${problems.join("; ")}`,
      {
        hint: "fix the cause and run `ao session cleanup`",
        details: { session: session.id, problems },
      },
    );
  }
  // `session` is the row as it was before the rollback, so the event says it was killed from spawning.
  const killed = markKilled(store, session, true, "killed_during_spawn");
  return { session: killed, workspace: "removed", branch: killed.branch };
}

function explainDirty(error: unknown, session: Session): unknown {
  if (!isAoError(error) || error.code !== "E_WORKSPACE_DIRTY") return error;
  return new AoError(
    "E_WORKSPACE_DIRTY",
    `${session.id} was killed, but its checkout was kept: ${error.message}`,
    {
      hint: `commit the work there (${session.worktree}), or discard it with \`ao session kill ${session.id} --purge --force\``,
      details: error.details,
      cause: error,
    },
  );
}
