import type { AoContext } from "../context.js";
import { listSessions, type Session } from "../store/index.js";
import { deliverReactions, type DeliveryScope } from "./deliver-reactions.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { cycleProject } from "./cycle-project.js";
import { recordLastCycle, summarizeCycle } from "./last-cycle.js";
import { messageOf } from "../errors.js";

export interface CycleOptions {
  /** Only these sessions (webhooks); default all non-terminal sessions. */
  readonly sessionIds?: readonly string[] | undefined;
  /**
   * The one project this cycle is for (`ao start <project>`): only its sessions are watched, and
   * only its reactions delivered, those of its sessions that ended meanwhile too.
   */
  readonly project?: string | undefined;
  /** Default true; false = observe, decide, persist, plan only. */
  readonly deliver?: boolean | undefined;
  /**
   * Something is known to have changed (a webhook): the scm asks the forge about every pull request
   * of the cycle instead of trusting its cache (`Scm.observe` option `fresh`).
   */
  readonly fresh?: boolean | undefined;
}

export interface CycleReport {
  at: number;
  durationMs: number;
  sessions: number;
  events: number;
  planned: number;
  delivered: number;
  failed: number;
  escalated: number;
  errors: string[];
}

/**
 * One lifecycle cycle: observe → decide → persist → plan → deliver (docs/lifecycle.md). A failure
 * in one project or session is reported in `errors` and the rest of the cycle goes on.
 */
export async function runCycle(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: CycleOptions = {},
): Promise<CycleReport> {
  const at = ctx.clock.now();
  const report: CycleReport = {
    at,
    durationMs: 0,
    sessions: 0,
    events: 0,
    planned: 0,
    delivered: 0,
    failed: 0,
    escalated: 0,
    errors: [],
  };
  try {
    const sessions = sessionsToWatch(engine, options);
    report.sessions = sessions.length;
    for (const [projectId, group] of groupByProject(sessions)) {
      const lifecycle = await enginePlugins(ctx, engine).lifecycle(projectId);
      await cycleProject(ctx, engine, lifecycle, projectId, group, at, report, {
        fresh: options.fresh === true,
      });
    }
    if (options.deliver !== false) {
      const delivery = await deliverReactions(ctx, engine, deliveryScope(options));
      report.delivered = delivery.delivered;
      report.failed = delivery.failed;
      report.escalated = delivery.escalated;
      report.errors.push(...delivery.errors);
    }
  } catch (error) {
    report.errors.push(messageOf(error));
  }
  report.durationMs = Math.max(0, ctx.clock.now() - at);
  recordCycle(engine, report);
  for (const error of report.errors) ctx.logger.warn("lifecycle cycle", { error });
  return report;
}

/** A scoped cycle delivers only within its scope: another project's agents are not its business. */
function deliveryScope(options: CycleOptions): DeliveryScope {
  if (options.project !== undefined) return { project: options.project };
  return options.sessionIds === undefined ? {} : { sessionIds: options.sessionIds };
}

function sessionsToWatch(engine: LifecycleEngine, options: CycleOptions): Session[] {
  const active = listSessions(engine.store, { activeOnly: true, project: options.project });
  if (options.sessionIds === undefined) return active;
  const wanted = new Set(options.sessionIds);
  return active.filter((session) => wanted.has(session.id));
}

function groupByProject(sessions: readonly Session[]): Map<string, Session[]> {
  const groups = new Map<string, Session[]>();
  for (const session of sessions)
    groups.set(session.project, [...(groups.get(session.project) ?? []), session]);
  return groups;
}

function recordCycle(engine: LifecycleEngine, report: CycleReport): void {
  try {
    recordLastCycle(engine.store, summarizeCycle(report));
  } catch {
    // A store that cannot take this small write has already reported why in `errors`.
  }
}
