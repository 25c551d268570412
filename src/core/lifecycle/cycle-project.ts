import { parseDuration } from "../config/duration.js";
import type { AoContext } from "../context.js";
import { sessionPluginOptions } from "../sessions/session-plugins.js";
import type { Lifecycle, ObserveOptions } from "../slots/index.js";
import { isTerminalStatus, listSessions, writeTransaction, type Session } from "../store/index.js";
import { applyDecision } from "./apply-decision.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { insertPlanned } from "./insert-planned.js";
import { observeProject } from "./observe-sessions.js";
import { planAllComplete } from "./plan-all-complete.js";
import type { CycleReport } from "./run-cycle.js";
import { messageOf } from "../errors.js";

/**
 * One project's part of a cycle: observe its sessions, then decide, persist and plan per session;
 * all-complete once a session of it ended. Failures go to `report.errors`.
 */
export async function cycleProject(
  ctx: AoContext,
  engine: LifecycleEngine,
  lifecycle: Lifecycle,
  projectId: string,
  sessions: Session[],
  at: number,
  report: CycleReport,
  scmObserve: ObserveOptions = {},
): Promise<void> {
  const plugins = enginePlugins(ctx, engine).forProject(projectId);
  const reactions = plugins?.project.reactions ?? engine.config.config.reactions;
  const baseBranch = plugins?.project.defaultBranch ?? "main";
  const stuckAfterMs = parseDuration(reactions["agent-stuck"].threshold ?? "10m");
  let ended = false;
  try {
    const observed = await observeProject(
      ctx,
      engine.store,
      sessions,
      plugins,
      enginePlugins(ctx, engine).shared,
      sessionPluginOptions(engine.config.config),
      scmObserve,
    );
    report.errors.push(...observed.errors);
    for (const session of sessions) {
      const observation = observed.observations.get(session.id);
      if (observation === undefined) continue;
      try {
        const applied = applyDecision({
          store: engine.store,
          lifecycle,
          sessionId: session.id,
          observation,
          at,
          stuckAfterMs,
          reactions,
          baseBranch,
        });
        report.events += applied.events;
        report.planned += applied.planned;
        if (applied.session && isFinished(applied.session) && applied.from !== applied.session.status)
          ended = true;
      } catch (error) {
        report.errors.push(`${session.id}: ${messageOf(error)}`);
      }
    }
  } catch (error) {
    report.errors.push(`${projectId}: ${messageOf(error)}`);
  }
  if (ended) report.planned += planProjectComplete(ctx, engine, projectId, at, baseBranch);
}

function planProjectComplete(
  ctx: AoContext,
  engine: LifecycleEngine,
  projectId: string,
  at: number,
  baseBranch: string,
): number {
  const reactions =
    enginePlugins(ctx, engine).forProject(projectId)?.project.reactions ?? engine.config.config.reactions;
  return writeTransaction(engine.store, (tx) => {
    const all = listSessions(tx, { project: projectId });
    const planned = planAllComplete(projectId, all, reactions, {
      at,
      baseBranch,
      isOver: isFinished,
    });
    return insertPlanned(tx, planned);
  });
}

/**
 * Over for all-complete: terminal, except `exited` — an agent that quit can be restored and its
 * person was already told (agent-exited); its work is not done.
 */
function isFinished(session: Session): boolean {
  return isTerminalStatus(session.status) && session.status !== "exited";
}
