import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import { CycleQueue } from "./cycle-queue.js";
import type { CycleReport, CycleRunner, LifecycleEngine } from "./cycle-types.js";
import { runDaemonCycle, type DaemonCycleOptions } from "./daemon-cycle.js";
import { createDaemonLog, type DaemonLog } from "./daemon-log.js";
import { messageOf } from "../errors.js";

export interface DaemonLoopOptions {
  readonly intervalMs: number;
  readonly signal: AbortSignal;
  readonly onCycle?: ((report: CycleReport) => void) | undefined;
  /** The engine's runCycle unless a test or a tool injects its own. */
  readonly runCycle?: CycleRunner | undefined;
  /** Watch only this project's sessions. */
  readonly project?: string | undefined;
  /** Shared with the HTTP server so webhook cycles and polls never overlap. */
  readonly queue?: CycleQueue | undefined;
  readonly log?: DaemonLog | undefined;
  /** Waits between cycles; resolves early when `signal` aborts. Tests inject one to see the delays. */
  readonly sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
}

/**
 * Fixed rate: the next cycle is due `intervalMs` after the previous one started, so a reaction
 * waits at most one interval for its poll. A cycle that overran the interval is followed at once;
 * never sooner, since cycles go through the queue one at a time.
 */
export function nextDelay(startedAt: number, now: number, intervalMs: number): number {
  return Math.max(0, startedAt + intervalMs - now);
}

/**
 * The loop `ao start --foreground` runs, also usable in-process (`ao demo`): a full cycle every
 * `intervalMs` (counted from the start of one cycle to the start of the next), until `signal` aborts. Resolves once the cycle in flight has finished, so
 * the caller can close the store right after.
 */
export async function runDaemonLoop(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: DaemonLoopOptions,
): Promise<void> {
  const queue = options.queue ?? (await createCycleQueue(ctx, engine, options));
  const { signal } = options;
  const wait = options.sleep ?? abortableSleep;
  while (!signal.aborted) {
    const startedAt = ctx.clock.now();
    await queue.request();
    await wait(nextDelay(startedAt, ctx.clock.now(), options.intervalMs), signal);
  }
  await queue.close();
}

/** The queue every cycle of one daemon goes through, whoever asks for it (timer, webhook, /cycle). */
export async function createCycleQueue(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: Pick<DaemonLoopOptions, "runCycle" | "project" | "onCycle" | "log"> &
    Pick<DaemonCycleOptions, "beforeCycle" | "afterCycle">,
): Promise<CycleQueue> {
  const log = options.log ?? createDaemonLog(ctx);
  const runCycle = options.runCycle ?? (await loadEngineCycle());
  const cycleOptions = {
    runCycle,
    log,
    project: options.project,
    onCycle: options.onCycle,
    beforeCycle: options.beforeCycle,
    afterCycle: options.afterCycle,
  };
  return new CycleQueue(
    (request) => runDaemonCycle(ctx, engine, cycleOptions, request),
    (error) => log.error(`cycle crashed: ${messageOf(error)}`),
  );
}

async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

async function loadEngineCycle(): Promise<CycleRunner> {
  const { runCycle } = await import("../lifecycle/index.js");
  return runCycle;
}
