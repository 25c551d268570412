import { isTerminalStatus } from "../store/session-status.js";
import type { Session } from "../store/session-row.js";

/** What ao knows about when it last looked: the daemon's last cycle, if it watches the session. */
export interface Observer {
  /** The last cycle's time (ms), when a daemon ever ran one. */
  readonly lastCycleAt?: number | undefined;
  /** Whether that cycle covers the session's project (a daemon may watch only one). */
  watches(project: string): boolean;
}

/**
 * When ao last looked at a session (ms), the latest of: the daemon's last cycle (a live session of
 * a watched project is observed by every cycle), its pull request's observation, and the last
 * write to its row. An ended session is not looked at any more: its data is as of its end.
 */
export function observedAt(session: Session, observer: Observer): number {
  if (isTerminalStatus(session.status)) return session.endedAt ?? session.updatedAt;
  const times = [session.updatedAt, session.prState?.observedAt ?? 0];
  if (observer.lastCycleAt !== undefined && observer.watches(session.project))
    times.push(observer.lastCycleAt);
  return Math.max(...times);
}

/** How old the data is at `now`; never negative (clocks of two processes may disagree a little). */
export function dataAgeMs(observed: number, now: number): number {
  return Math.max(0, now - observed);
}
