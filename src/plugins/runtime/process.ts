import { existsSync, rmSync } from "node:fs";
import {
  AoError,
  checkProcess,
  definePlugin,
  processStartTime,
  type PluginContext,
  type Runtime,
  type RuntimeCreateInput,
  type RuntimeHandle,
} from "../../core/plugin-api.js";
import type { ProcessRuntimeOptions } from "./_shared/plugin-options.js";
import { pollUntil, realSleep, type Waits } from "./_shared/poll-until.js";
import { deliverToFifo } from "./process/deliver-to-fifo.js";
import { fifoHasReader } from "./process/fifo-writer.js";
import { spawnLauncher } from "./process/launcher.js";
import { tailLines } from "./process/log-tail.js";
import { pressKey } from "./process/press-key.js";
import { assertDirectory, prepareSessionFiles, waitUntilListening } from "./process/prepare-session.js";
import { launcherOf, readLiveness } from "./process/read-liveness.js";
import { sessionFiles, type SessionFiles } from "./process/session-files.js";
import { stopProcessGroup } from "./process/stop-group.js";

export type { ProcessRuntimeOptions } from "./_shared/plugin-options.js";

/** A detached child process per session, for machines without tmux; `waits` is injectable for tests. */
export function createProcessRuntime(
  ctx: PluginContext,
  options: ProcessRuntimeOptions,
  waits?: Waits,
): Runtime {
  const time: Waits = waits ?? { clock: ctx.clock, sleep: realSleep };
  const filesOf = (handle: RuntimeHandle): SessionFiles | undefined => {
    try {
      return sessionFiles(ctx.paths, handle.id);
    } catch {
      return undefined; // not an id this runtime could have created
    }
  };
  return {
    create: (input) => create(ctx, options, time, input),
    liveness: (handle) => {
      const files = filesOf(handle);
      return Promise.resolve(
        files === undefined ? { state: "missing" } : readLiveness(files, launcherOf(handle)),
      );
    },
    deliver: (handle, text) =>
      deliverToFifo(handle.id, filesOf(handle), text, options.deliverTimeoutMs, time),
    press: (handle, key) => pressKey(handle.id, filesOf(handle), launcherOf(handle), key, time),
    capture(handle, { lines }) {
      const log = filesOf(handle)?.log;
      if (log === undefined || !existsSync(log)) {
        return Promise.reject(new AoError("E_NOT_FOUND", `process session ${handle.id} has no output log`));
      }
      return Promise.resolve(tailLines(log, lines));
    },
    stop: (handle) => stop(options, time, handle, filesOf(handle)),
  };
}

async function create(
  ctx: PluginContext,
  options: ProcessRuntimeOptions,
  time: Waits,
  input: RuntimeCreateInput,
): Promise<RuntimeHandle> {
  const files = sessionFiles(ctx.paths, input.sessionId);
  assertDirectory(input.cwd);
  if (input.argv.length === 0 || input.argv[0] === "") {
    throw new AoError("E_USAGE", "the runtime was given an empty command", {
      hint: "the agent plugin must return at least the program to run",
    });
  }
  await prepareSessionFiles(ctx.exec, ctx.paths, input.sessionId, files);
  const env = { ...definedEntries(ctx.env), ...input.env };
  const pid = spawnLauncher({ ...input, env, fifo: files.fifo, exitFile: files.exit, log: files.log });
  const launcher = { pid, startTime: processStartTime(pid) };
  if (!(await waitUntilListening(files, launcher, options.startTimeoutMs, time))) {
    await stopProcessGroup(pid, launcher.startTime, 0, time);
    throw new AoError("E_EXEC_FAILED", `the process runtime could not start session ${input.sessionId}`, {
      hint: `see ${files.log}`,
    });
  }
  return {
    runtime: "process",
    id: input.sessionId,
    data: { pid: String(pid), startTime: launcher.startTime },
  };
}

/** Idempotent; it signals only a launcher whose pid and start time still match the handle. */
async function stop(
  options: ProcessRuntimeOptions,
  time: Waits,
  handle: RuntimeHandle,
  files: SessionFiles | undefined,
): Promise<void> {
  const launcher = launcherOf(handle);
  const identity = launcher === undefined ? undefined : checkProcess(launcher.pid, launcher.startTime);
  if (identity?.kind === "unknown") {
    throw new AoError(
      "E_EXEC_FAILED",
      `cannot tell whether the process of ${handle.id} is still its own: ${identity.reason}`,
    );
  }
  const stopping = launcher !== undefined && identity?.kind === "same";
  if (stopping) await stopProcessGroup(launcher.pid, launcher.startTime, options.stopGraceMs, time);
  if (files === undefined) return;
  // A node process shows as a zombie while its other threads still hold its files for a moment; the
  // pipe is removed once nobody reads it, and never while a live session (a handle without data) does.
  const unread = await pollUntil(
    () => Promise.resolve(fifoHasReader(files.fifo) ? undefined : true),
    { timeoutMs: stopping ? 2_000 : 0, intervalMs: 20 },
    time,
  );
  if (unread) for (const path of [files.fifo, files.exit, `${files.exit}.tmp`]) rmSync(path, { force: true });
}

function definedEntries(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export const plugin = definePlugin({
  slot: "runtime",
  name: "process",
  description: "Runs each agent as a detached child process (no tmux needed); input through a named pipe",
  // Built on the first options given: `ao status` probes liveness without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.processRuntimeOptions),
  defaults: { startTimeoutMs: 10_000, deliverTimeoutMs: 10_000, stopGraceMs: 5_000 },
  create: (options, ctx) => createProcessRuntime(ctx, options),
});
