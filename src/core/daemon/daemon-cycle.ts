import type { AoContext } from "../context.js";
import { recordLastCycle, summarizeCycle } from "../daemon-state/last-cycle.js";
import { listSessions, type Store } from "../store/index.js";
import type { DaemonLog } from "./daemon-log.js";
import type { CycleOptions, CycleReport, CycleRunner, LifecycleEngine } from "./cycle-types.js";
import { messageOf } from "../errors.js";

export interface DaemonCycleOptions {
  readonly runCycle: CycleRunner;
  readonly log: DaemonLog;
  /** Watch only this project's sessions. */
  readonly project?: string | undefined;
  readonly onCycle?: ((report: CycleReport) => void) | undefined;
  /**
   * What the daemon does first, inside the cycle's turn in the queue so no cycle runs meanwhile
   * (self-heal.ts: restoring after a lost server or a clock jump); a failure is logged, never thrown.
   * "hold" skips this cycle's work (a lost server awaiting its confirmation at the next look).
   */
  readonly beforeCycle?: (() => Promise<"hold" | undefined>) | undefined;
  /** What the daemon does between cycles (housekeeping.ts); a failure is logged, never thrown. */
  readonly afterCycle?: (() => Promise<void>) | undefined;
}

/**
 * One cycle as the daemon runs it: scoped to its project, recorded in meta `lifecycle.lastCycle`,
 * and never throwing: a failed cycle is logged and reported, and the loop goes on.
 */
export async function runDaemonCycle(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: DaemonCycleOptions,
  request: CycleOptions,
): Promise<CycleReport> {
  const before = await options.beforeCycle?.().catch((error: unknown) => {
    options.log.error(`before the cycle: ${messageOf(error)}`);
  });
  const started = ctx.clock.now();
  const scoped = scopeToProject(engine.store, request, options.project);
  let report: CycleReport;
  let failure: string | undefined;
  try {
    report =
      scoped.sessionIds?.length === 0 || before === "hold"
        ? emptyReport(started, ctx.clock.now())
        : await options.runCycle(ctx, engine, scoped);
  } catch (error) {
    failure = messageOf(error);
    report = { ...emptyReport(started, ctx.clock.now()), errors: [failure] };
    options.log.error(`cycle failed: ${failure}`);
  }
  recordDaemonCycle(engine.store, report, failure, options.log);
  await options.afterCycle?.().catch((error: unknown) => {
    options.log.error(`after the cycle: ${messageOf(error)}`);
  });
  options.onCycle?.(report);
  return report;
}

/**
 * A daemon for one project runs every periodic cycle for that project, with or without an active
 * session: the cycle itself watches only the project's active sessions, and its retries, plans and
 * queued work of sessions that ended meanwhile still need it. A request for named sessions
 * (a webhook) keeps only the project's; none left means nothing to do.
 */
function scopeToProject(store: Store, request: CycleOptions, project: string | undefined): CycleOptions {
  if (project === undefined) return request;
  if (request.sessionIds === undefined) return { ...request, project };
  const wanted = new Set(request.sessionIds);
  const ours = listSessions(store, { project }).filter((session) => wanted.has(session.id));
  return { ...request, project, sessionIds: ours.map((session) => session.id) };
}

function recordDaemonCycle(
  store: Store,
  report: CycleReport,
  failure: string | undefined,
  log: DaemonLog,
): void {
  // runCycle records the same summary; recording here too covers injected cycles (tests, ao demo)
  // and a runner that threw.
  try {
    recordLastCycle(store, summarizeCycle(report, failure));
  } catch (error) {
    log.error(`could not record the last cycle: ${messageOf(error)}`);
  }
}

function emptyReport(at: number, now: number): CycleReport {
  return {
    at,
    durationMs: now - at,
    sessions: 0,
    events: 0,
    planned: 0,
    delivered: 0,
    failed: 0,
    escalated: 0,
    errors: [],
  };
}
