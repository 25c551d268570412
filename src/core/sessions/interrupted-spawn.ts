import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { listEvents, type Session, type Store } from "../store/index.js";
import type { OpenProject } from "./open-project.js";
import { readTaskFile } from "./prompt-files.js";
import { storedHandle, stopVerified } from "../session-plugins/runtime-handle.js";
import { runSpawnSteps, type SpawnRun } from "./spawn-run.js";
import { isSpawnStep, SPAWN_STEPS, stepReached, type SpawnStep } from "./spawn-steps.js";
import { isSpawnerAlive, parseSpawner, type Spawner } from "./spawner.js";
import { undoSpawn } from "./undo-spawn.js";

/** The process that spawned the session, from its `session.created` event. */
export function spawnerOf(store: Store, sessionId: string): Spawner | undefined {
  const created = listEvents(store, { sessionId, limit: 1 }).find(
    (event) => event.type === "session.created",
  );
  return parseSpawner(created?.payload["spawner"]);
}

/** Refuses to touch a spawn whose process is still running, unless forced. */
export function assertSpawnInterrupted(store: Store, session: Session, force: boolean): void {
  const spawner = spawnerOf(store, session.id);
  if (force || !isSpawnerAlive(spawner)) return;
  throw new AoError(
    "E_SESSION_STATE",
    `${session.id} is still being spawned (process ${spawner?.pid ?? "?"} on ${spawner?.host ?? "?"})`,
    {
      hint: "wait for that `ao spawn` to finish; if it is stuck, stop it first, or pass --force",
      details: { session: session.id, spawner },
    },
  );
}

/** The last completed step; a row without one was never past allocation. */
export function lastStep(session: Session): SpawnStep {
  return isSpawnStep(session.spawnStep) ? session.spawnStep : "allocated";
}

function recoveryRun(ctx: AoContext, store: Store, opened: OpenProject, session: Session): SpawnRun {
  return {
    ctx,
    store,
    opened,
    session,
    task: () => savedTask(ctx, opened, session),
    // Whatever the interrupted spawn made is a spawn's leftover, not anyone's work: undo may remove it.
    made: { workspace: true, handle: storedHandle(session) },
  };
}

/**
 * Finishes an interrupted spawn from its last completed step. A checkout half-made by an interrupted
 * `workspace` step is removed and made again; a runtime that was recorded but is not running is
 * stopped and started again.
 */
export async function finishInterruptedSpawn(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  session: Session,
): Promise<Session> {
  const run = recoveryRun(ctx, store, opened, session);
  let from = lastStep(session);
  if (from === "allocated") await opened.workspace.destroy(session.worktree, { force: true });
  // Interrupted while watching the new agent: it may run, unrecorded as a step; start it afresh.
  const started = storedHandle(session);
  if (started !== undefined && !spawnReachedRuntime(session)) {
    await stopVerified(opened.runtime, started);
    run.made.handle = undefined;
  }
  if (from === "runtime") {
    const handle = storedHandle(session);
    const liveness = handle === undefined ? undefined : await opened.runtime.liveness(handle);
    if (handle !== undefined && liveness?.state !== "alive") {
      await opened.runtime.stop(handle);
      run.made.handle = undefined;
      from = "prompt";
    }
  }
  return runSpawnSteps(run, from);
}

/** Undoes an interrupted spawn: runtime stopped, checkout and prompt files removed, session errored. */
export async function rollBackInterruptedSpawn(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  session: Session,
): Promise<string[]> {
  const next = SPAWN_STEPS[SPAWN_STEPS.indexOf(lastStep(session)) + 1] ?? "done";
  const cause = new AoError("E_SESSION_STATE", `the spawn was interrupted after step ${lastStep(session)}`);
  return undoSpawn(
    recoveryRun(ctx, store, opened, session),
    next,
    cause,
    `spawn_interrupted:${lastStep(session)}`,
  );
}

/** Whether an interrupted spawn already has a running agent (then finishing it only records that). */
export function spawnReachedRuntime(session: Session): boolean {
  return stepReached(session.spawnStep, "runtime");
}

async function savedTask(ctx: AoContext, opened: OpenProject, session: Session): Promise<string> {
  const saved = readTaskFile(ctx.paths, session.id);
  if (saved !== undefined) return saved;
  const tracker = session.issue === null ? undefined : await opened.tracker();
  if (tracker !== undefined && session.issue !== null)
    return tracker.taskPrompt(await tracker.getIssue(session.issue));
  throw new AoError(
    "E_SESSION_STATE",
    `the task of ${session.id} was never saved, so its spawn cannot be finished`,
    {
      hint: `roll it back with \`ao session cleanup\` and spawn the task again`,
      details: { session: session.id },
    },
  );
}
