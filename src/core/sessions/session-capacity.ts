import { setTimeout as sleepMs } from "node:timers/promises";
import type { AoConfig, ProjectConfig } from "../config/index.js";
import type { OutputStream } from "../context.js";
import { AoError, isAoError } from "../errors.js";
import { listSessions, type Store } from "../store/index.js";
import type { SpawnLine } from "./spawn-line.js";

/** Sessions that count against `maxSessions`: every one not in a terminal status, spawning ones too. */
export function checkCapacity(store: Store, config: AoConfig, project: ProjectConfig): void {
  const active = listSessions(store, { activeOnly: true });
  const inProject = active.filter((session) => session.project === project.id).length;
  if (project.maxSessions !== undefined && inProject >= project.maxSessions) {
    throw limitReached(
      `project ${project.id}`,
      project.maxSessions,
      inProject,
      `projects.${project.id}.maxSessions`,
    );
  }
  if (config.maxSessions !== undefined && active.length >= config.maxSessions) {
    throw limitReached("all projects", config.maxSessions, active.length, "maxSessions");
  }
}

function limitReached(scope: string, limit: number, running: number, key: string): AoError {
  return new AoError("E_SESSION_LIMIT", `${scope} is at its session limit: ${running} of ${limit} running`, {
    hint: `wait for a slot with --queue, end a session (ao session kill <id>), or raise ${key} in agent-orchestrator.yaml`,
    details: { scope, limit, running, key },
  });
}

export interface QueueOptions {
  /** Wait for a free slot instead of failing. */
  queue: boolean;
  /** How long to wait at most. */
  timeoutMs: number;
  /** How often to look again. */
  pollMs?: number | undefined;
  now: () => number;
  sleep?: ((ms: number) => Promise<unknown>) | undefined;
  progress: OutputStream;
  /** The line of waiting spawns this one keeps its place in (shown by `ao status`, started in order). */
  line?: SpawnLine | undefined;
}

export const DEFAULT_QUEUE_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_QUEUE_POLL_MS = 2_000;

/**
 * Runs `attempt` (a transaction that checks capacity and inserts the session), and with `queue`
 * retries it while the limit is reached, until `timeoutMs`. The check and the insert share one
 * transaction, so two spawns racing for the last slot cannot both get it.
 */
export async function withCapacity<T>(attempt: () => T, options: QueueOptions): Promise<T> {
  const deadline = options.now() + options.timeoutMs;
  const sleep = options.sleep ?? sleepMs;
  let announced = false;
  try {
    for (;;) {
      try {
        options.line?.checkTurn();
        return attempt();
      } catch (error) {
        if (!isAoError(error) || !QUEUED_CODES.has(error.code) || !options.queue) throw error;
        if (options.now() >= deadline) throw queueTimedOut(error, options.timeoutMs);
        if (!announced) options.progress.write(`queued: ${error.message}; ${waitingFor(error)}…\n`);
        announced = true;
        options.line?.waitFor(error);
        await sleep(Math.min(pollMs(options, error), Math.max(1, deadline - options.now())));
      }
    }
  } finally {
    options.line?.leave();
  }
}

/** What a queued spawn waits for: a free slot, its agent's reset (gates), or its project's budget. */
const QUEUED_CODES: ReadonlySet<string> = new Set([
  "E_SESSION_LIMIT",
  "E_RATE_LIMITED",
  "E_OVER_BUDGET",
  "E_NO_ROOM",
  "E_QUEUED",
]);

function waitingFor(error: AoError): string {
  if (error.code === "E_RATE_LIMITED") return "waiting for the reset";
  if (error.code === "E_NO_ROOM") return "waiting for room";
  if (error.code === "E_QUEUED") return "waiting in line";
  if (error.code === "E_OVER_BUDGET") return "waiting for the budget to allow it";
  return "waiting for a free slot";
}

/** The poll, but never past a known reset: the spawn starts as soon as the limit lifts. */
function pollMs(options: QueueOptions, error: AoError): number {
  const poll = options.pollMs ?? DEFAULT_QUEUE_POLL_MS;
  const until = (error.details as { until?: unknown } | undefined)?.until;
  return typeof until === "number" ? Math.max(1, Math.min(poll, until - options.now())) : poll;
}

function queueTimedOut(error: AoError, timeoutMs: number): AoError {
  return new AoError(
    "E_SESSION_LIMIT",
    `${error.message}; no slot freed within ${Math.round(timeoutMs / 1000)}s`,
    {
      hint: "raise --queue-timeout, end a session (ao session kill <id>), or raise maxSessions",
      details: error.details,
    },
  );
}
