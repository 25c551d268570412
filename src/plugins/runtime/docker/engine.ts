import type { Exec, ExecResult } from "../../../core/plugin-api.js";

/** `docker` or `podman`: the same CLI surface for everything this runtime runs. */
export type EngineName = "docker" | "podman";

export interface EngineRunOptions {
  input?: string | Uint8Array | undefined;
  timeoutMs?: number | undefined;
}

/** The engine's CLI through ctx.exec, argv only; never throws on the engine's own failure. */
export interface Engine {
  readonly name: EngineName;
  run(args: readonly string[], options?: EngineRunOptions): Promise<ExecResult>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createEngine(exec: Exec, name: EngineName): Engine {
  return {
    name,
    run: (args, options = {}) =>
      exec(name, args, {
        input: options.input,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        reject: false,
      }),
  };
}

/**
 * How a failed engine call concerns the container: gone (`no such container`), there but not
 * running (exec into a stopped container), or anything else (the engine itself failed).
 */
export type ContainerFailure = "missing" | "stopped" | "unknown";

const MISSING = [/no such container/i, /no container with name or id/i, /no such object/i];
const STOPPED = [/container state improper/i, /is not running/i, /can only create exec sessions on running/i];

export function classifyEngineFailure(result: Pick<ExecResult, "stderr" | "timedOut">): ContainerFailure {
  if (result.timedOut) return "unknown";
  if (MISSING.some((pattern) => pattern.test(result.stderr))) return "missing";
  return STOPPED.some((pattern) => pattern.test(result.stderr)) ? "stopped" : "unknown";
}

/** The engine's first complaint line (`Error: …` removed), for error messages. */
export function engineComplaint(result: Pick<ExecResult, "stderr" | "timedOut" | "exitCode">): string {
  if (result.timedOut) return "timed out";
  const line = result.stderr.trim().split("\n").at(-1)?.trim() ?? "";
  return line === "" ? `exit ${String(result.exitCode)}` : line.replace(/^Error:\s*/, "");
}
