import { randomBytes } from "node:crypto";
import type { AoContext } from "../context.js";
import { runDaemonLoop, type CycleReport } from "../daemon/index.js";
import { AoError, messageOf } from "../errors.js";
import { openLifecycleEngine } from "../lifecycle/index.js";
import { spawnSession } from "../sessions/spawn-session.js";
import type { Session, Store } from "../store/index.js";
import { createSandboxDirs, initSandbox, type DemoSandbox } from "./build-sandbox.js";
import { DemoReviewer } from "./demo-reviewer.js";
import { StepLog, type DemoStep, type StepListener } from "./demo-steps.js";
import { keptHints, summary } from "./demo-summary.js";
import { agentEnded, demoRuntime, describeEnded } from "./agent-ended.js";
import { describeStuck } from "./describe-stuck.js";
import { LoopWatcher } from "./loop-watcher.js";
import { startNotificationReceiver } from "./notification-receiver.js";
import { removeSandbox } from "./remove-sandbox.js";
import { DEMO_PROJECT, type SandboxManifest } from "./sandbox-config.js";
import { sandboxContext } from "./sandbox-context.js";

export interface DemoOptions {
  /** An installed agent plugin (claude-code, codex, …) instead of the scripted demo agent. */
  agent?: string | undefined;
  /** Leave the sandbox (repository, AO_HOME, the agent's tmux session) for a look afterwards. */
  keep?: boolean | undefined;
  /** How long the loop may take; default 120 s with the demo agent, 20 min with a real one. */
  timeoutMs?: number | undefined;
  /** Aborting (Ctrl-C) stops the demo and removes the sandbox all the same. */
  signal?: AbortSignal | undefined;
  onStep?: StepListener | undefined;
}

export interface DemoResult {
  sandbox: string;
  kept: boolean;
  session: string;
  totalMs: number;
  steps: DemoStep[];
  /** With --keep: how to look at the sandbox and how to remove it. */
  keptHints: string[];
}

export const DEMO_TIMEOUT_MS = 120_000;
export const REAL_AGENT_TIMEOUT_MS = 20 * 60_000;
const POLL_MS = 250;
/** How often the watch asks the runtime whether the agent still runs (the lifecycle may be slower). */
const LIVENESS_MS = 2000;

/**
 * `ao demo`: builds a sandbox (a tiny project with issue #1, local mode), spawns a session on the
 * issue, runs the lifecycle loop in this process, plays the reviewer, and reports every step as
 * it happens until the pull request is merged. The sandbox is removed afterwards — on success,
 * failure or interruption — unless `keep`.
 */
export async function runDemo(ctx: AoContext, options: DemoOptions = {}): Promise<DemoResult> {
  const log = new StepLog(() => ctx.clock.now(), options.onStep);
  const secret = randomBytes(32).toString("hex");
  const receiver = await startNotificationReceiver(secret, ctx.clock, (notification) =>
    log.add("notified", `notification received: ${notification.title}`, [
      ...notification.body.split("\n").filter((line) => line.trim() !== ""),
      notification.signatureValid
        ? `(posted by the ${notification.priority}-priority webhook notifier to the demo's loopback receiver; signature verified)`
        : "(the signature did NOT verify; the receiver refused it)",
    ]),
  );
  let sandbox: DemoSandbox | undefined;
  let inside: AoContext | undefined;
  try {
    sandbox = createSandboxDirs(ctx);
    inside = sandboxContext(ctx, sandbox, secret);
    const manifest = await initSandbox(inside, sandbox, { agent: options.agent, notifyUrl: receiver.url });
    log.add("sandbox", `sandbox ready in ${sandbox.root}`, [
      `repository ${sandbox.repo} (main, no remote) with issue #1 "Add average() to stats.mjs"`,
      manifest.summary,
      options.agent === undefined
        ? "agent: examples/demo-agent, a scripted stand-in that follows a fixed script (not an AI)"
        : `agent: ${options.agent}`,
    ]);
    const session = await runLoop(inside, { sandbox, manifest, log, options });
    log.add("done", summary(log, session));
    return {
      sandbox: sandbox.root,
      kept: options.keep === true,
      session: session.id,
      totalMs: log.elapsedMs(),
      steps: log.steps,
      keptHints: options.keep === true ? keptHints(sandbox, session.id, manifest.removeHint) : [],
    };
  } finally {
    await receiver.close();
    if (sandbox !== undefined && options.keep !== true) await removeSandbox(inside ?? ctx, sandbox);
  }
}

interface LoopInput {
  sandbox: DemoSandbox;
  manifest: SandboxManifest;
  log: StepLog;
  options: DemoOptions;
}

async function runLoop(ctx: AoContext, input: LoopInput): Promise<Session> {
  const { sandbox, log, options } = input;
  throwIfAborted(options, log, "before the session was spawned");
  const session = await spawnSession(ctx, {
    project: DEMO_PROJECT,
    issue: "1",
    configPath: sandbox.configPath,
  });
  log.add("spawned", `spawned ${session.id} on branch ${session.branch}`, [
    `worktree ${session.worktree}`,
    `watch it live: AO_HOME=${sandbox.home} ao session attach ${session.id}`,
  ]);
  const engine = await openLifecycleEngine(ctx, { configPath: sandbox.configPath });
  const stop = new AbortController();
  const errors = new Set<string>();
  const cycles = { count: 0 };
  const onCycle = (report: CycleReport) => {
    cycles.count += 1;
    for (const error of report.errors.filter((text) => !errors.has(text))) {
      errors.add(error);
      log.add("warning", `lifecycle cycle error: ${error}`);
    }
  };
  const intervalMs = engine.config.config.daemon.pollIntervalMs;
  const loopFailure: LoopFailure = {};
  // Handled at once, not only when awaited in `finally`: a loop that fails early would otherwise
  // be an unhandled rejection while the watcher still waits for a merge that cannot come.
  const loop = runDaemonLoop(ctx, engine, { intervalMs, signal: stop.signal, onCycle }).catch(
    (error: unknown) => {
      loopFailure.message = messageOf(error);
    },
  );
  try {
    const watch = { ctx, ...input, store: engine.store, session, cycles, loopFailure };
    return await watchUntilMerged(watch);
  } finally {
    stop.abort();
    await loop;
    engine.close();
  }
}

interface Watch extends LoopInput {
  ctx: AoContext;
  store: Store;
  session: Session;
  /** Cycles the lifecycle loop has finished so far. */
  cycles: { count: number };
  loopFailure: LoopFailure;
}

/** Why the lifecycle loop stopped before the watcher did, once it has. */
interface LoopFailure {
  message?: string;
}

async function watchUntilMerged(watch: Watch): Promise<Session> {
  const { ctx, sandbox, log, options } = watch;
  const watcher = new LoopWatcher({ ...watch, repo: sandbox.repo, ciLabel: watch.manifest.ciLabel });
  const reviewer = new DemoReviewer({ ctx, configPath: sandbox.configPath, repo: sandbox.repo, log });
  const timeoutMs =
    options.timeoutMs ?? (options.agent === undefined ? DEMO_TIMEOUT_MS : REAL_AGENT_TIMEOUT_MS);
  const deadline = ctx.clock.now() + timeoutMs;
  const runtime = await demoRuntime(ctx);
  let seenCycles = -1;
  let livenessAt = 0;
  for (;;) {
    // A new commit is looked for once per cycle: the lifecycle itself sees commits no sooner.
    const session = await watcher.poll({ commits: seenCycles !== watch.cycles.count });
    seenCycles = watch.cycles.count;
    if (session.status === "merged") return session;
    await reviewer.reviewIfGreen(session);
    await reviewer.mergeIfReady(session, watcher.delivered("approved-and-green"));
    throwIfAborted(options, log, `while ${session.id} was ${session.status}`);
    throwIfLoopFailed(watch.loopFailure, log);
    if (ctx.clock.now() - livenessAt >= LIVENESS_MS) {
      livenessAt = ctx.clock.now();
      const ended = await agentEnded(runtime, session);
      if (ended !== undefined) throw describeEnded(session, options.agent ?? "the demo agent", ended, log);
    }
    if (ctx.clock.now() > deadline) throw await describeStuck(ctx, watch.session, log, timeoutMs);
    await pause(POLL_MS, options.signal);
  }
}

function throwIfAborted(options: DemoOptions, log: StepLog, where: string): void {
  if (options.signal?.aborted !== true) return;
  log.add("failed", `interrupted ${where}`);
  throw new AoError("E_DEMO_FAILED", `the demo was interrupted ${where}`, {
    exitCode: 130,
    hint:
      options.keep === true
        ? "the sandbox is kept (--keep): its path is on the first step above"
        : "the sandbox was removed; run `ao demo --keep` to keep it for a look",
  });
}

function throwIfLoopFailed(failure: LoopFailure, log: StepLog): void {
  if (failure.message === undefined) return;
  log.add("failed", `the lifecycle loop stopped: ${failure.message}`);
  throw new AoError("E_DEMO_FAILED", `the demo's lifecycle loop stopped: ${failure.message}`, {
    hint: "run `ao demo --keep` to keep the sandbox and its AO_HOME for a look",
  });
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
