import type { EventBase } from "./event-base.js";

/**
 * The running daemon noticed that the agents may be gone without anyone ending them (ao's tmux
 * server lost, or a clock jump: the machine slept) and restored the sessions that were live, the
 * way `ao start` does (docs/daemon.md, "After a reboot"). One event per recovery, about no one
 * session.
 */
export interface DaemonRecovered extends EventBase {
  type: "daemon.recovered";
  payload: {
    /** What the daemon noticed: `clock-jump`, or `<runtime>-server-lost` (`tmux-server-lost`). */
    trigger: "clock-jump" | `${string}-server-lost`;
    /** The same in words (how far the clock jumped, which socket). */
    why: string;
    /** The sessions whose agents were started again, and whether each continued its conversation. */
    restored: { sessionId: string; resumed: boolean; note?: string }[];
    /** The sessions that could not be restored, with ao's error. */
    failed: { sessionId: string; code: string; message: string }[];
    /** The sessions whose agents were still running: nothing was done to them. */
    running: string[];
    /** Set after a failure: the daemon tries no other recovery before this time (ms since the epoch). */
    nextAttemptAt?: number;
  };
}

/** What the daemon itself did, beside its cycles. */
export type DaemonEvent = DaemonRecovered;
