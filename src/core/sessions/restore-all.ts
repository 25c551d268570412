import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { closeStore, getSession, listSessions, openStore, type Session, type Store } from "../store/index.js";
import { isSpawnerAlive } from "./spawner.js";
import { spawnerOf } from "./interrupted-spawn.js";
import { projectOpener } from "./project-cache.js";
import { restoreWith, type RestoreOptions, type RestoreResult } from "./restore-session.js";

export interface RestoreOutcome {
  session: string;
  result?: RestoreResult | undefined;
  error?: { code: string; message: string; hint?: string | undefined } | undefined;
}

export interface RestoreAllOptions extends RestoreOptions {
  project?: string | undefined;
  /** Only these sessions (the daemon's recovery: the ones it saw live); all of them when absent. */
  sessions?: ReadonlySet<string> | undefined;
}

/** Statuses a person ended on purpose, or that are over: `--all` leaves them alone. */
const LEFT_ALONE = new Set(["killed", "merged", "closed", "errored"]);

/**
 * Restores every session that should be running: after a reboot or a dead tmux server, one command
 * brings them all back. Sessions still running are reported as such; spawns still in progress are
 * skipped. One failure does not stop the others.
 */
export async function restoreAllSessions(
  ctx: AoContext,
  options: RestoreAllOptions = {},
): Promise<RestoreOutcome[]> {
  const store = openStore(ctx);
  const open = projectOpener(ctx, options.configPath);
  try {
    const outcomes: RestoreOutcome[] = [];
    for (const listed of listSessions(store).filter((candidate) => wanted(store, candidate, options))) {
      // Read again just before: one killed while an earlier one was restored is left alone.
      const session = getSession(store, listed.id);
      if (session === undefined || !wanted(store, session, options)) continue;
      try {
        outcomes.push({
          session: session.id,
          result: await restoreWith(ctx, store, await open(session), session, options),
        });
      } catch (error) {
        outcomes.push({ session: session.id, error: describeError(error) });
      }
    }
    return outcomes;
  } finally {
    closeStore(store);
  }
}

function wanted(store: Store, session: Session, options: RestoreAllOptions): boolean {
  if (LEFT_ALONE.has(session.status)) return false;
  if (options.sessions !== undefined && !options.sessions.has(session.id)) return false;
  if (options.project !== undefined && session.project !== options.project) return false;
  if (session.status === "spawning")
    return options.force === true || !isSpawnerAlive(spawnerOf(store, session.id));
  return true;
}

export function describeError(error: unknown): { code: string; message: string; hint?: string | undefined } {
  if (isAoError(error)) return { code: error.code, message: error.message, hint: error.hint };
  throw error;
}
