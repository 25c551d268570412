import { dirname } from "node:path";
import { monotonicNow } from "../clock.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { restoreAllSessions, type RestoreOutcome } from "../sessions/restore-all.js";
import { listSessions, type Store } from "../store/index.js";
import { createClockJumpWatch, describeClockJump, type ClockJump } from "./clock-jump.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";
import { reportRecovery, type Recovery } from "./recovery-report.js";
import { createServerWatch } from "./server-watch.js";

/** After a recovery that left a session behind, no other one for this long: never a restore loop. */
export const RECOVERY_BACKOFF_MS = 10 * 60_000;

/** Statuses whose agent is not meant to run (ended) or not yet (spawning): never restored by the daemon. */
const NOT_LIVE = new Set(["spawning", "merged", "closed", "exited", "killed", "errored"]);

export interface SelfHeal {
  /** Before each cycle, inside the cycle queue: no cycle runs while it restores. */
  readonly beforeCycle: () => Promise<void>;
}

/**
 * The running daemon's own `ao start` restore (issue 29): when ao's tmux server is lost under live
 * sessions, or the clock jumped (the machine slept), it restores the sessions that were live, with
 * restore-all, and records `daemon.recovered`. Only sessions live at this look or the one before
 * (not ended, not killed by a person, not still spawning) are restored; one recovery per trigger,
 * and none for RECOVERY_BACKOFF_MS after one that failed somewhere.
 */
export function createSelfHeal(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  project: string | undefined,
): SelfHeal {
  const jumped = createClockJumpWatch(ctx.clock);
  const lostServers = createServerWatch(ctx, dirname(engine.config.path), log);
  const monotonic = () => monotonicNow(ctx.clock);
  let liveBefore = new Map<string, string>();
  let quietUntil = -Infinity;
  return {
    async beforeCycle() {
      const live = liveSessions(engine.store, project);
      const jump = jumped();
      const noticed = noticedOf(jump, await lostServers([...live.values()]));
      if (noticed !== undefined) {
        const wanted = [...new Map([...liveBefore, ...live])].filter(
          ([, runtime]) => jump !== undefined || noticed.runtimes.includes(runtime),
        );
        const recovery = { ...noticed, sessions: new Set(wanted.map(([id]) => id)) };
        if (monotonic() < quietUntil)
          log.warn(`${recovery.why}: not restoring again so soon after a failed recovery`);
        else if (await recover(ctx, engine, log, project, recovery))
          quietUntil = monotonic() + RECOVERY_BACKOFF_MS;
      }
      liveBefore = liveSessions(engine.store, project);
    },
  };
}

/** The trigger and its words: a lost server names itself first; a jump alone is `clock-jump`. */
function noticedOf(
  jump: ClockJump | undefined,
  lost: readonly string[],
): { trigger: Recovery["trigger"]; why: string; runtimes: readonly string[] } | undefined {
  if (jump === undefined && lost.length === 0) return undefined;
  const why = [
    ...lost.map((name) => `ao's ${name} server is gone`),
    ...(jump === undefined ? [] : [describeClockJump(jump)]),
  ].join("; ");
  const trigger: Recovery["trigger"] = lost.length > 0 ? `${lost.join("+")}-server-lost` : "clock-jump";
  return { trigger, why, runtimes: lost };
}

/** Runs the restore and reports it; true when some session could not be restored. */
async function recover(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  project: string | undefined,
  recovery: Pick<Recovery, "trigger" | "why" | "sessions">,
): Promise<boolean> {
  log.info(`${recovery.why}: restoring ${[...recovery.sessions].join(", ") || "no live session"}`);
  const outcomes = await restoreAll(ctx, engine.config.path, project, recovery.sessions);
  const failed = outcomes.some((outcome) => outcome.result === undefined);
  const nextAttemptAt = failed ? ctx.clock.now() + RECOVERY_BACKOFF_MS : undefined;
  await reportRecovery(ctx, engine, log, { ...recovery, outcomes, nextAttemptAt });
  return failed;
}

/** restore-all's outcomes; when it throws (an error that is not ao's), every session failed with it. */
async function restoreAll(
  ctx: AoContext,
  configPath: string,
  project: string | undefined,
  sessions: ReadonlySet<string>,
): Promise<RestoreOutcome[]> {
  if (sessions.size === 0) return [];
  try {
    return await restoreAllSessions(ctx, { configPath, project, sessions });
  } catch (error) {
    const failure = { code: "E_DAEMON_FAILED", message: messageOf(error) };
    return [...sessions].map((session) => ({ session, error: failure }));
  }
}

/** The sessions whose agents should be running now, id → runtime. */
function liveSessions(store: Store, project: string | undefined): Map<string, string> {
  const sessions = listSessions(store, project === undefined ? {} : { project });
  return new Map(sessions.filter((s) => !NOT_LIVE.has(s.status)).map((s) => [s.id, s.runtime]));
}
