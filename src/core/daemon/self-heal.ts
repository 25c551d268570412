import { dirname } from "node:path";
import { monotonicNow } from "../clock.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { restoreAllSessions, type RestoreOutcome } from "../sessions/restore-all.js";
import { getSession, lastEventId, listEvents, listSessions, type Store } from "../store/index.js";
import { createClockJumpWatch, describeClockJump, type ClockJump } from "./clock-jump.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";
import { reportRecovery, type Recovery } from "./recovery-report.js";
import { createLossConfirmation, type LossVerdict } from "./loss-confirmation.js";
import { createServerWatch } from "./server-watch.js";

/** After a recovery that left a session behind, no other one for this long: never a restore loop. */
export const RECOVERY_BACKOFF_MS = 10 * 60_000;

/** Statuses whose agent is not meant to run (ended) or not yet (spawning): never restored by the daemon. */
const NOT_LIVE = new Set(["spawning", "merged", "closed", "exited", "killed", "errored"]);

export interface SelfHeal {
  /**
   * Before each cycle, inside the cycle queue: no cycle runs while it restores. "hold" while a lost
   * server awaits its confirmation, so the cycle does not mark that server's sessions exited.
   */
  readonly beforeCycle: () => Promise<"hold" | undefined>;
}

/**
 * The running daemon's own `ao start` restore (issue 29): when ao's tmux server is lost under live
 * sessions (seen at two consecutive looks, loss-confirmation.ts), or the clock jumped (the machine
 * slept), it restores the sessions that were live and whose agents are gone, with restore-all, and
 * records `daemon.recovered`. Each session's record is read again just before: one a person killed
 * meanwhile is killed, not live, and stays so. None for RECOVERY_BACKOFF_MS after one that failed.
 */
export function createSelfHeal(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  project: string | undefined,
): SelfHeal {
  const jumped = createClockJumpWatch(ctx.clock);
  const askServers = createServerWatch(ctx, dirname(engine.config.path), log);
  const confirm = createLossConfirmation();
  const monotonic = () => monotonicNow(ctx.clock);
  let seenEvents = lastEventId(engine.store);
  let liveBefore = new Map<string, string>();
  let quietUntil = -Infinity;
  return {
    async beforeCycle() {
      const killedSince =
        listEvents(engine.store, { type: "session.killed", afterId: seenEvents, limit: 1 }).length > 0;
      seenEvents = lastEventId(engine.store);
      const live = liveSessions(engine.store, project);
      const jump = jumped();
      const gone = await askServers([...live.values(), ...liveBefore.values()]);
      const verdict = confirm({ gone, live, killedSince });
      const noticed = noticedOf(jump, verdict, new Map([...liveBefore, ...live]));
      liveBefore = live;
      if (noticed !== undefined) {
        const recovery = { ...noticed, sessions: stillLive(engine.store, noticed.sessions) };
        if (recovery.sessions.size === 0) log.info(`${recovery.why}: no session recorded live to restore`);
        else if (monotonic() < quietUntil)
          log.warn(`${recovery.why}: not restoring again so soon after a failed recovery`);
        else if (await recover(ctx, engine, log, project, recovery))
          quietUntil = monotonic() + RECOVERY_BACKOFF_MS;
      }
      // In the back-off after a failed recovery nothing will be restored: no reason to hold a cycle.
      return monotonic() < quietUntil ? undefined : holdFor(verdict, log);
    },
  };
}

/** While a loss awaits its confirmation the cycle waits too: it would mark those sessions exited. */
function holdFor(verdict: LossVerdict, log: DaemonLog): "hold" | undefined {
  if (verdict.pending.size === 0) return undefined;
  for (const [runtime, sessions] of verdict.pending)
    log.warn(
      `ao's ${runtime} server is gone under ${[...sessions].join(", ")}: holding the cycle, restoring if it is still gone at the next look`,
    );
  return "hold";
}

interface Noticed {
  readonly trigger: Recovery["trigger"];
  readonly why: string;
  readonly sessions: ReadonlySet<string>;
}

/**
 * The trigger, its words and whom to restore: a confirmed loss restores its server's sessions; a
 * jump, every session live at this look or the one before whose server is not awaiting confirmation
 * (restore-all leaves those whose agents still run alone). A lost server names itself first.
 */
function noticedOf(
  jump: ClockJump | undefined,
  verdict: LossVerdict,
  live: ReadonlyMap<string, string>,
): Noticed | undefined {
  const lost = [...verdict.confirmed.keys()];
  if (jump === undefined && lost.length === 0) return undefined;
  const sessions = new Set([...verdict.confirmed.values()].flatMap((ids) => [...ids]));
  if (jump !== undefined)
    for (const [id, runtime] of live) if (!verdict.pending.has(runtime)) sessions.add(id);
  const why = [
    ...lost.map((name) => `ao's ${name} server is gone`),
    ...(jump === undefined ? [] : [describeClockJump(jump)]),
  ].join("; ");
  const trigger: Recovery["trigger"] = lost.length > 0 ? `${lost.join("+")}-server-lost` : "clock-jump";
  return { trigger, why, sessions };
}

/**
 * The sessions whose record, read now, still says their agent should run: live, or exited because
 * their runtime went missing (a cycle saw the loss before the daemon's look did). Killed, merged,
 * closed, errored, spawning or exited by itself: left alone.
 */
function stillLive(store: Store, ids: ReadonlySet<string>): Set<string> {
  return new Set(
    [...ids].filter((id) => {
      const session = getSession(store, id);
      if (session === undefined) return false;
      if (session.status === "exited") return session.reason === "runtime_missing";
      return !NOT_LIVE.has(session.status);
    }),
  );
}

/** Runs the restore and reports it; true when some session could not be restored. */
async function recover(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  project: string | undefined,
  recovery: Pick<Recovery, "trigger" | "why" | "sessions">,
): Promise<boolean> {
  log.info(`${recovery.why}: restoring ${[...recovery.sessions].join(", ")}`);
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
