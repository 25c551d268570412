import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import { requestDaemonCycle } from "./request-daemon-cycle.js";
import { closeStore, listSessions, openStore } from "../store/index.js";
import { openLifecycleEngine } from "../lifecycle/engine.js";
import { runCycle, type CycleReport } from "../lifecycle/run-cycle.js";

export interface ReviewCheck {
  /** The active sessions looked at. */
  sessionIds: string[];
  /** Who ran the cycle: the running daemon (through its one queue), or this process. */
  ranBy: "daemon" | "this process";
  report: CycleReport | undefined;
}

interface Options {
  sessionIds?: readonly string[] | undefined;
  project?: string | undefined;
  configPath?: string | undefined;
}

/**
 * `ao review-check`: one fresh lifecycle cycle now for the given sessions (default: every active
 * one, or a project's): the scm asks the forge about their pull requests instead of its cache, and
 * the reactions to new reviews, comments and CI go out as the daemon's would. With a daemon
 * running it asks the daemon, so no reaction is sent twice; without one it runs the cycle here.
 */
export async function checkReviews(ctx: AoContext, options: Options): Promise<ReviewCheck> {
  const sessionIds = activeSessions(ctx, options);
  if (sessionIds.length === 0) return { sessionIds, ranBy: "this process", report: undefined };
  const asked = await requestDaemonCycle(ctx.paths, { sessionIds, fresh: true });
  if (asked.outcome === "ran") return { sessionIds, ranBy: "daemon", report: asked.report };
  if (asked.outcome === "failed") {
    throw new AoError("E_DAEMON_FAILED", "the daemon of this AO_HOME did not answer", {
      hint: "see `ao status` and AO_HOME/logs/daemon.log, or stop it (`ao stop`) and run this again",
    });
  }
  const engine = await openLifecycleEngine(ctx, { configPath: options.configPath });
  try {
    return {
      sessionIds,
      ranBy: "this process",
      report: await runCycle(ctx, engine, { sessionIds, fresh: true }),
    };
  } finally {
    engine.close();
  }
}

function activeSessions(ctx: AoContext, options: Options): string[] {
  const store = openStore(ctx);
  try {
    const active = listSessions(store, { activeOnly: true, project: options.project });
    if (options.sessionIds === undefined || options.sessionIds.length === 0) return active.map((s) => s.id);
    const known = new Set(active.map((s) => s.id));
    const unknown = options.sessionIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new AoError("E_NOT_FOUND", `no active session ${unknown.join(", ")}`, {
        exitCode: EXIT_USAGE,
        hint: "`ao session ls` lists the active sessions; ended ones get no reviews forwarded",
      });
    }
    return [...options.sessionIds];
  } finally {
    closeStore(store);
  }
}
