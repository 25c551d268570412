import { hostname } from "node:os";
import { isPidAlive } from "../process-identity.js";
import type { SpawnStep } from "./spawn-steps.js";

/**
 * Who is running a spawn. It is recorded in the `session.created` event so that restore and cleanup
 * can tell a spawn that is still in progress (its process is alive) from one that was interrupted.
 */
export interface Spawner {
  pid: number;
  host: string;
}

/** The process this code runs in. Reading the pid is not a side effect worth a context seam. */
export function currentSpawner(): Spawner {
  return { pid: process.pid, host: hostname() };
}

/**
 * Whether the spawner may still be working. A spawner on another host (a shared AO_HOME) cannot be
 * checked, so it counts as alive: better to leave a spawn alone than to undo one in progress.
 * A reused pid makes a dead spawner look alive too; `--force` on restore/cleanup overrides.
 */
export function isSpawnerAlive(spawner: Spawner | undefined): boolean {
  if (spawner === undefined) return false;
  return spawner.host !== hostname() || isPidAlive(spawner.pid);
}

export function parseSpawner(value: unknown): Spawner | undefined {
  const candidate = value as { pid?: unknown; host?: unknown } | null | undefined;
  if (typeof candidate?.pid !== "number" || typeof candidate.host !== "string") return undefined;
  return { pid: candidate.pid, host: candidate.host };
}

/** Called after each recorded spawn step. */
export type AfterStepHook = (step: SpawnStep, sessionId: string) => void;

/**
 * TEST HOOK. With `AO_TEST_CRASH_AFTER_STEP=<step>` in the environment, the spawn kills its own
 * process with SIGKILL right after recording that step: the recovery tests use it to leave a spawn
 * interrupted at exactly that point, the way a kill -9 or a power cut would. Nothing else sets it.
 */
export function crashHookFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): AfterStepHook | undefined {
  const target = env["AO_TEST_CRASH_AFTER_STEP"];
  if (target === undefined || target === "") return undefined;
  return (step) => {
    if (step === target) process.kill(process.pid, "SIGKILL");
  };
}
