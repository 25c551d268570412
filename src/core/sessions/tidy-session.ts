import type { AoContext } from "../context.js";
import { isAoError, messageOf } from "../errors.js";
import { updateSession, writeTransaction, type Session, type Store } from "../store/index.js";
import {
  finishInterruptedSpawn,
  rollBackInterruptedSpawn,
  spawnerOf,
  spawnReachedRuntime,
} from "./interrupted-spawn.js";
import type { OpenProject } from "./open-project.js";
import { storedHandle, stopVerified } from "../session-plugins/runtime-handle.js";
import { isSpawnerAlive } from "./spawner.js";

export type CleanupActionKind =
  | "rolled_back_spawn"
  | "finished_spawn"
  | "stopped_runtime"
  | "removed_workspace"
  | "kept_workspace"
  | "skipped";

export interface CleanupAction {
  session: string;
  action: CleanupActionKind;
  detail: string;
  /** False under --dry-run, and when the action failed (then `error` says why). */
  done: boolean;
  error?: string | undefined;
}

/** The cleanup of one project's sessions; every action is described whether or not it runs. */
export class TidySession {
  constructor(
    private readonly ctx: AoContext,
    private readonly store: Store,
    private readonly opened: OpenProject,
    private readonly dryRun: boolean,
  ) {}

  async session(session: Session): Promise<CleanupAction[]> {
    if (session.status === "spawning") return [await this.interruptedSpawn(session)];
    const actions: CleanupAction[] = [];
    const stopped = await this.stopRuntime(session);
    if (stopped) actions.push(stopped);
    const removed = await this.removeWorkspace(session, session.status === "errored");
    if (removed) actions.push(removed);
    return actions;
  }

  private async interruptedSpawn(session: Session): Promise<CleanupAction> {
    const spawner = spawnerOf(this.store, session.id);
    if (isSpawnerAlive(spawner)) {
      return {
        session: session.id,
        action: "skipped",
        detail: `spawn in progress (process ${spawner?.pid ?? "?"})`,
        done: false,
      };
    }
    const handle = storedHandle(session);
    const alive =
      spawnReachedRuntime(session) &&
      handle !== undefined &&
      (await this.opened.runtime.liveness(handle)).state === "alive";
    if (alive) {
      return this.act(
        session,
        "finished_spawn",
        `spawn interrupted after its agent started: marked working`,
        async () => {
          await finishInterruptedSpawn(this.ctx, this.store, this.opened, session);
        },
      );
    }
    return this.act(
      session,
      "rolled_back_spawn",
      `spawn interrupted after step ${session.spawnStep ?? "none"}: runtime stopped, checkout removed, marked errored`,
      async () => {
        const problems = await rollBackInterruptedSpawn(this.ctx, this.store, this.opened, session);
        if (problems.length > 0) throw new Error(problems.join("; "));
      },
    );
  }

  private async stopRuntime(session: Session): Promise<CleanupAction | undefined> {
    const handle = storedHandle(session);
    if (handle === undefined) return undefined;
    const liveness = await this.opened.runtime.liveness(handle);
    if (liveness.state === "missing") return undefined;
    return this.act(
      session,
      "stopped_runtime",
      `runtime ${liveness.state} after the session ended: stopped`,
      () => stopVerified(this.opened.runtime, handle),
    );
  }

  private async removeWorkspace(session: Session, leftover: boolean): Promise<CleanupAction | undefined> {
    if (!(await this.opened.workspace.exists(session.worktree))) return undefined;
    const detail = leftover
      ? `leftover checkout of a failed spawn: ${session.worktree}`
      : `${session.worktree} (branch ${session.branch} kept)`;
    const action = await this.act(session, "removed_workspace", detail, async () => {
      await this.opened.workspace.destroy(session.worktree, { force: leftover });
      writeTransaction(this.store, (tx) =>
        updateSession(
          tx,
          session.id,
          {},
          { type: "session.workspace_removed", payload: { worktree: session.worktree, by: "cleanup" } },
        ),
      );
    });
    if (!action.done && action.error !== undefined && action.error.startsWith("E_WORKSPACE_DIRTY")) {
      return {
        session: session.id,
        action: "kept_workspace",
        detail: `${session.worktree} holds uncommitted work`,
        done: false,
      };
    }
    return action;
  }

  private async act(
    session: Session,
    action: CleanupActionKind,
    detail: string,
    run: () => Promise<unknown>,
  ): Promise<CleanupAction> {
    if (this.dryRun) return { session: session.id, action, detail, done: false };
    try {
      await run();
      return { session: session.id, action, detail, done: true };
    } catch (error) {
      const code = isAoError(error) ? `${error.code}: ` : "";
      return { session: session.id, action, detail, done: false, error: `${code}${messageOf(error)}` };
    }
  }
}
