import type { AoContext } from "../context.js";
import { AoError, messageOf } from "../errors.js";
import {
  backupStore,
  releaseInterruptedReactions,
  storeBackupsDir,
  writeTransaction,
} from "../store/index.js";
import type { CycleReport, CycleRunner, EngineOpener, LifecycleEngine } from "./cycle-types.js";
import { alreadyRunningError } from "./daemon-errors.js";
import {
  ensureDaemonToken,
  daemonFiles,
  readDaemonInfo,
  removeDaemonInfo,
  writeDaemonInfo,
  type DaemonInfo,
} from "../daemon-state/daemon-files.js";
import { acquireDaemonLock, isDaemonLockHeld } from "../daemon-state/daemon-lock.js";
import type { RouteMount } from "./daemon-mount.js";
import { createDaemonLog, type DaemonLog } from "./daemon-log.js";
import { createCycleQueue, runDaemonLoop } from "./daemon-loop.js";
import { startTurnWatch, type AdvanceOpenTurns, type TurnWatch } from "./turn-watch.js";
import { startWakeSources, type WakeSources } from "./wake-sources.js";
import { createHousekeeping } from "./housekeeping.js";
import { createSelfHeal } from "./self-heal.js";
import { resolveStartTarget } from "./resolve-start-target.js";
import { assertPortFree, plannedPort } from "./start-port.js";
import { serveDaemon } from "./serve-daemon.js";
import { rememberSecretValues, secretValuesOf } from "../redact.js";
import { aoSecretVariables } from "../secret-variables.js";

export interface RunDaemonOptions {
  readonly configPath?: string | undefined;
  /** `ao start [project|repo-url]`: see resolveStartTarget. */
  readonly target?: string | undefined;
  /** Aborted by SIGTERM/SIGINT (the CLI wires the signals). */
  readonly signal: AbortSignal;
  readonly pid: number;
  readonly version: string;
  readonly onReady?: ((info: DaemonInfo) => void) | undefined;
  readonly onCycle?: ((report: CycleReport) => void) | undefined;
  /** `process.platform`, for the install commands in the plugins' warnings. */
  readonly platform?: string | undefined;
  /**
   * Route sets to mount beside core's own (health, cycle, scm webhooks): the dashboard, the
   * control plane. Each gets the daemon's engine, queue and log (DaemonMountContext).
   */
  readonly mounts?: readonly RouteMount[] | undefined;
  /** Listen on this port instead of the configuration's `port` (`ao start --port`, `ao dashboard --port`). */
  readonly port?: number | undefined;
  /** For tests: the engine and its cycle, instead of src/core/lifecycle. */
  readonly openEngine?: EngineOpener | undefined;
  readonly runCycle?: CycleRunner | undefined;
}

/**
 * `ao start --foreground`: the daemon itself. Takes the AO_HOME lock, opens the engine, releases
 * reactions a dead predecessor left in flight, serves HTTP, polls until `signal` aborts, then
 * finishes the cycle in flight within `daemon.stopTimeoutMs`. Resolves to the exit code.
 */
export async function runDaemon(ctx: AoContext, options: RunDaemonOptions): Promise<number> {
  const files = daemonFiles(ctx.paths);
  // A daemon of this AO_HOME holding the port is "already running", not a port clash.
  if (isDaemonLockHeld(files.lock)) throw alreadyRunningError(ctx.paths.home, await readDaemonInfo(files));
  await assertPortFree(await plannedPort(ctx, options));
  const { configPath, project } = await resolveStartTarget(ctx, options);
  return runLocked(ctx, { ...options, configPath, project });
}

type LockedOptions = Omit<RunDaemonOptions, "target"> & { readonly project?: string | undefined };

async function runLocked(ctx: AoContext, options: LockedOptions): Promise<number> {
  const files = daemonFiles(ctx.paths);
  const lock = acquireDaemonLock(files.lock);
  if (lock === undefined) throw alreadyRunningError(ctx.paths.home, await readDaemonInfo(files));
  const log = createDaemonLog(ctx);
  let engine: LifecycleEngine | undefined;
  try {
    // The previous holder died without cleaning up: its daemon.json describes nothing now.
    await removeDaemonInfo(files);
    engine = await openEngine(ctx, options);
    // The configuration may name secrets of its own (a webhook secret under another variable).
    rememberSecretValues(secretValuesOf(ctx.env, aoSecretVariables(engine.config.config)));
    checkProject(engine, options.project);
    await warnBeforeFirstCycle(ctx, engine, options.platform ?? "", log);
    releaseOrphans(engine, log);
    await backUpStore(ctx, engine, log);
    return await serveAndPoll(ctx, engine, options, log);
  } finally {
    engine?.close();
    await removeDaemonInfo(files);
    lock.release();
  }
}

async function serveAndPoll(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: LockedOptions,
  log: DaemonLog,
): Promise<number> {
  const files = daemonFiles(ctx.paths);
  const { config } = engine.config;
  const housekeeping = createHousekeeping(ctx, engine, log, options.platform ?? "");
  const selfHeal = createSelfHeal(ctx, engine, log, options.project);
  const queue = await createCycleQueue(ctx, engine, {
    ...options,
    log,
    beforeCycle: selfHeal.beforeCycle,
    afterCycle: housekeeping.afterCycle,
  });
  const token = await ensureDaemonToken(files);
  let watch: TurnWatch | undefined;
  let wakes: WakeSources | undefined;
  const server = await serveDaemon(ctx, engine, {
    queue,
    token,
    log,
    project: options.project,
    pid: options.pid,
    mounts: options.mounts,
    port: options.port,
  });
  try {
    const info: DaemonInfo = {
      pid: options.pid,
      port: server.port,
      startedAt: ctx.clock.now(),
      version: options.version,
      configPath: engine.config.path,
      project: options.project,
      routeSets: server.routeSets,
    };
    await writeDaemonInfo(files, info);
    log.info(`daemon ready: pid ${info.pid}, http://127.0.0.1:${info.port}, config ${info.configPath}`);
    options.onReady?.(info);
    const loop = runDaemonLoop(ctx, engine, {
      intervalMs: config.daemon.pollIntervalMs,
      signal: options.signal,
      queue,
    });
    watch = startTurnWatch(engine, await openTurnsStep(ctx, engine, options.project), log);
    wakes = await startWakeSources(ctx, engine, { queue, log, project: options.project });
    return await finishWithin(loop, options.signal, config.daemon.stopTimeoutMs, log);
  } finally {
    await wakes?.stop();
    await watch?.stop();
    await housekeeping.stop();
    await server.close();
  }
}

/** 0 when the loop ends in time after the stop signal; 1 when the cycle in flight overran the deadline. */
async function finishWithin(loop: Promise<void>, signal: AbortSignal, timeoutMs: number, log: DaemonLog) {
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<"overran">((resolve) => {
    const arm = () => {
      log.info(`stopping: finishing the cycle in flight (up to ${timeoutMs} ms)`);
      timer = setTimeout(() => resolve("overran"), timeoutMs);
    };
    if (signal.aborted) arm();
    else signal.addEventListener("abort", arm, { once: true });
  });
  const outcome = await Promise.race([loop.then(() => "done" as const), overran]);
  clearTimeout(timer);
  if (outcome === "done") {
    log.info("daemon stopped");
    return 0;
  }
  log.error(
    `the cycle in flight did not finish within ${timeoutMs} ms; stopping anyway (its reactions are retried at the next start)`,
  );
  return 1;
}

/** The cycle's turns step alone, over the daemon's engine and within its project. */
async function openTurnsStep(
  ctx: AoContext,
  engine: LifecycleEngine,
  project: string | undefined,
): Promise<AdvanceOpenTurns> {
  const { cycleTurns } = await import("../lifecycle/cycle-turns.js");
  return () => cycleTurns(ctx, engine, project === undefined ? {} : { project }, true);
}

async function openEngine(ctx: AoContext, options: LockedOptions): Promise<LifecycleEngine> {
  const engineOptions = options.configPath === undefined ? {} : { configPath: options.configPath };
  if (options.openEngine) return options.openEngine(ctx, engineOptions);
  const { openLifecycleEngine } = await import("../lifecycle/index.js");
  return openLifecycleEngine(ctx, engineOptions);
}

function checkProject(engine: LifecycleEngine, project: string | undefined): void {
  if (project === undefined || engine.config.config.projects[project] !== undefined) return;
  const known = Object.keys(engine.config.config.projects).join(", ");
  throw new AoError("E_USAGE", `no project ${project} in ${engine.config.path}`, {
    hint: `projects there: ${known === "" ? "none" : known}`,
    details: { project, config: engine.config.path },
  });
}

/** The configured plugins' own checks, in the log before the first cycle (see doctor/preflight.ts). */
async function warnBeforeFirstCycle(
  ctx: AoContext,
  engine: LifecycleEngine,
  platform: string,
  log: DaemonLog,
): Promise<void> {
  const { describeCheck, preflightChecks } = await import("../doctor/preflight.js");
  for (const check of await preflightChecks(ctx, engine.config, platform)) log.warn(describeCheck(check));
}

/** Only the lock holder may assume a `delivering` reaction is an orphan: its deliverer is dead. */
/** The copy `ao doctor --fix` restores an empty ao.db from; a failed one is a warning, not a stop. */
async function backUpStore(ctx: AoContext, engine: LifecycleEngine, log: DaemonLog): Promise<void> {
  try {
    await backupStore(engine.store, ctx.paths, ctx.clock.now());
  } catch (error) {
    log.warn(`could not back up the state database into ${storeBackupsDir(ctx.paths)}: ${messageOf(error)}`);
  }
}

function releaseOrphans(engine: LifecycleEngine, log: DaemonLog): void {
  const released = writeTransaction(engine.store, (tx) => releaseInterruptedReactions(tx));
  if (released > 0) log.info(`released ${released} reaction(s) a previous daemon left in flight`);
}
