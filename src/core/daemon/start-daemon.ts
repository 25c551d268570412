import { readFile, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import type { DoctorCheck } from "../doctor/check.js";
import { AoError } from "../errors.js";
import { aoEntryScript } from "../ao-entry.js";
import { aoSecretVariables } from "../secret-variables.js";
import { daemonEnvironment, type DaemonEnvSource } from "./daemon-env.js";
import { alreadyRunningError } from "./daemon-errors.js";
import {
  daemonFiles,
  readDaemonInfo,
  type DaemonInfo,
  type DaemonFiles,
} from "../daemon-state/daemon-files.js";
import { isDaemonLockHeld } from "../daemon-state/daemon-lock.js";
import { resolveStartTarget } from "./resolve-start-target.js";
import { assertPortFree, plannedPort } from "./start-port.js";
import { spawnDetached, type DetachedChild } from "./spawn-detached.js";
import { rotateLogAtStart } from "./rotate-log.js";

export interface BackgroundStartOptions {
  readonly target?: string | undefined;
  readonly configPath?: string | undefined;
  /** The node binary running this ao (process.execPath), to run the daemon with the same one. */
  readonly nodePath: string;
  readonly readyTimeoutMs?: number | undefined;
  /** `process.platform`, for the install commands in the warnings. */
  readonly platform?: string | undefined;
  /** Passed on to `ao start --foreground`: another port than the configuration's. */
  readonly port?: number | undefined;
  /** Passed on as the daemon's own flags (`--no-dashboard`): what its server mounts is the CLI's call. */
  readonly daemonFlags?: readonly string[] | undefined;
  /** Where the daemon's environment comes from (daemon-env.ts); default `caller`. */
  readonly environment?: DaemonEnvSource | undefined;
}

export interface StartResult extends DaemonInfo {
  readonly log: string;
  /** What the configured plugins said cannot work (printed on stderr before the daemon started). */
  readonly warnings: readonly DoctorCheck[];
}

const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
const LOG_TAIL_LINES = 20;

/**
 * `ao start`: checks that the port is free before anything is cloned or written, resolves the target here (so a bad config or a failed clone is reported to the person,
 * not to a log), says what the configured plugins report cannot work (preflight.ts), then starts
 * `ao start --foreground` detached with its output in AO_HOME/logs/daemon.log, and waits until it
 * has written daemon.json.
 */
export async function startDaemonInBackground(
  ctx: AoContext,
  options: BackgroundStartOptions,
): Promise<StartResult> {
  const files = daemonFiles(ctx.paths);
  if (isDaemonLockHeld(files.lock)) throw alreadyRunningError(ctx.paths.home, await readDaemonInfo(files));
  await assertPortFree(await plannedPort(ctx, options));
  const target = await resolveStartTarget(ctx, options);
  const { loadConfig } = await import("../config/index.js");
  const loaded = await loadConfig(ctx, { configPath: target.configPath });
  if (target.project !== undefined && loaded.config.projects[target.project] === undefined) {
    throw new AoError("E_USAGE", `no project ${target.project} in ${loaded.path}`, {
      hint: `projects there: ${Object.keys(loaded.config.projects).join(", ") || "none"}`,
    });
  }
  const { describeCheck, preflightChecks } = await import("../doctor/preflight.js");
  const warnings = await preflightChecks(ctx, loaded, options.platform ?? "");
  for (const check of warnings) ctx.stderr.write(`warning: ${describeCheck(check)}\n`);
  const { mkdir } = await import("node:fs/promises");
  await mkdir(ctx.paths.logs, { recursive: true, mode: 0o700 });
  rotateLogAtStart(files.log);
  const logOffset = await sizeOf(files.log);
  const args = [
    "start",
    "--foreground",
    "--config",
    loaded.path,
    ...(options.port === undefined ? [] : ["--port", String(options.port)]),
    ...(options.daemonFlags ?? []),
    ...(target.project ? [target.project] : []),
  ];
  const secretVariables = aoSecretVariables(loaded.config);
  const child = spawnDetached(options.nodePath, [aoEntryScript(), ...args], {
    cwd: ctx.cwd,
    env: daemonEnvironment(ctx, options.environment ?? "caller", secretVariables),
    logPath: files.log,
  });
  const info = await waitUntilReady(ctx, files, child, options.readyTimeoutMs ?? READY_TIMEOUT_MS, logOffset);
  return { ...info, log: files.log, warnings };
}

async function waitUntilReady(
  ctx: AoContext,
  files: DaemonFiles,
  child: DetachedChild,
  timeoutMs: number,
  logOffset: number,
): Promise<DaemonInfo> {
  const started = ctx.clock.now();
  for (;;) {
    const info = await readDaemonInfo(files);
    if (info?.pid === child.pid) return info;
    const exit = child.exit();
    if (exit !== undefined) {
      const how = exit.signal ?? `exit code ${String(exit.code)}`;
      throw new AoError(
        "E_DAEMON_FAILED",
        `the daemon exited during start (${how}):\n${await logTail(files.log, logOffset)}`,
        {
          hint: `the whole log is ${files.log}`,
          details: { log: files.log, exitCode: exit.code, signal: exit.signal },
        },
      );
    }
    if (ctx.clock.now() - started > timeoutMs) {
      throw new AoError(
        "E_DAEMON_FAILED",
        `the daemon (pid ${child.pid}) did not report ready within ${timeoutMs} ms`,
        {
          hint: `see ${files.log}; ao stop ends it`,
          details: { pid: child.pid, log: files.log },
        },
      );
    }
    await sleep(POLL_MS);
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** What this start wrote to the log (not what earlier runs did). */
async function logTail(path: string, offset: number): Promise<string> {
  const text = await readFile(path).then(
    (data) => data.subarray(offset).toString("utf8"),
    () => "",
  );
  const lines = text.trimEnd().split("\n").slice(-LOG_TAIL_LINES);
  return lines.map((line) => `  ${line}`).join("\n");
}
