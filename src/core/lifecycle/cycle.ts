import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { listSessions, type Session } from "../store/index.js";
import { cycleLooks } from "./cycle-looks.js";
import { buildReport } from "./cycle-report.js";
import type { CycleScope, CycleStep, StepResult } from "./cycle-scope.js";
import { CYCLE_STEPS } from "./cycle-steps.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { recordLastCycle, summarizeCycle } from "../daemon-state/last-cycle.js";
import type { CycleOptions, CycleReport } from "./run-cycle.js";

/** One lifecycle cycle; `run` once. */
export interface LifecycleCycle {
  /** When it started; every observation and decision of it carries this time. */
  readonly at: number;
  run(): Promise<CycleReport>;
}

/**
 * A cycle as one object: it opens its scope (the context, the store, the configuration, the engine's
 * plugins, the lifecycle plugin, the sessions to watch), runs its steps in order (CYCLE_STEPS:
 * observe → decide → persist → plan, then deliver), and builds its report from what each step
 * returned. It never throws: a scope that cannot open, or a step that throws, is an entry in
 * `errors`. The summary is recorded in meta `lifecycle.lastCycle`, the errors logged as warnings.
 */
export function createCycle(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: CycleOptions = {},
  steps: readonly CycleStep[] = CYCLE_STEPS,
): LifecycleCycle {
  const at = ctx.clock.now();
  let ran = false;
  const run = async (): Promise<CycleReport> => {
    if (ran) throw new Error("a lifecycle cycle runs once; create another for the next one");
    ran = true;
    const results: StepResult[] = [];
    let sessions = 0;
    try {
      const scope = await openScope(ctx, engine, options, at);
      sessions = scope.sessions.length;
      for (const step of steps) results.push(await runStep(step, scope));
    } catch (error) {
      results.push(failedStep(error));
    }
    const report = buildReport({ at, durationMs: Math.max(0, ctx.clock.now() - at), sessions }, results);
    recordCycle(engine, report);
    for (const error of report.errors) ctx.logger.warn("lifecycle cycle", { error });
    return report;
  };
  return { at, run };
}

async function openScope(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: CycleOptions,
  at: number,
): Promise<CycleScope> {
  const plugins = enginePlugins(ctx, engine);
  const sessions = watched(engine, options);
  const lifecycle = await plugins.lifecycle(undefined);
  // Each project's own lifecycle (`lifecycle:`), resolved before any step: one that cannot be
  // loaded stops the cycle here, as the default's does.
  const projects = [...new Set(sessions.map((session) => session.project))];
  const chosen = new Map(
    await Promise.all(projects.map(async (id) => [id, await plugins.lifecycle(id)] as const)),
  );
  const { store, config } = engine;
  return {
    ctx,
    engine,
    store,
    config: config.config,
    plugins,
    lifecycle,
    lifecycleOf: (projectId) => chosen.get(projectId) ?? lifecycle,
    options,
    at,
    sessions,
    looks: cycleLooks(engine, at, options, sessions),
  };
}

function watched(engine: LifecycleEngine, options: CycleOptions): Session[] {
  const active = listSessions(engine.store, { activeOnly: true, project: options.project });
  if (options.sessionIds === undefined) return active;
  const wanted = new Set(options.sessionIds);
  return active.filter((session) => wanted.has(session.id));
}

async function runStep(step: CycleStep, scope: CycleScope): Promise<StepResult> {
  try {
    return await step(scope);
  } catch (error) {
    return failedStep(error);
  }
}

function failedStep(error: unknown): StepResult {
  return { errors: [messageOf(error)] };
}

function recordCycle(engine: LifecycleEngine, report: CycleReport): void {
  try {
    recordLastCycle(engine.store, summarizeCycle(report));
  } catch {
    // A store that cannot take this small write has already reported why in `errors`.
  }
}
