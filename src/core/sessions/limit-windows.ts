import type { AoContext } from "../context.js";
import { closeStore, getSession, openLimits, openStore, pendingWaits, type Store } from "../store/index.js";
import { liveWaits } from "./spawn-line.js";

/**
 * One account's usage-limit window as `ao status` shows it (docs/limits-and-budgets.md, Accounts):
 * until when it holds, how many sessions wait for their continue turn and how many spawns for the
 * reset. The account key is a fingerprint, never a secret.
 */
export interface LimitWindow {
  account: string;
  agent: string;
  words: string;
  /** The reset (ISO 8601). */
  until: string;
  /** False when the CLI printed no time and ao waits `limits.fallbackWait`. */
  resetPrinted: boolean;
  /** Sessions the limit interrupted, still waiting for their continue turn. */
  sessions: number;
  /** Spawns waiting for this account's reset (`ao spawn --queue`, plans, the control plane). */
  spawns: number;
  /** When the last waiting session's staggered continue turn is due (ISO 8601); null before the reset. */
  resumesUntil: string | null;
}

/** The windows in force or still resuming, soonest reset first; a read, like `ao status`. */
export function limitWindows(ctx: AoContext): LimitWindow[] {
  const store = openStore(ctx);
  try {
    return windowsOf(store, ctx.clock.now());
  } finally {
    closeStore(store);
  }
}

export function windowsOf(store: Store, now: number): LimitWindow[] {
  const limits = openLimits(store, now);
  if (limits.length === 0) return [];
  const spawns = liveWaits(store).filter((wait) => wait.code === "E_RATE_LIMITED");
  return limits.map((limit) => {
    const waits = pendingWaits(store, limit.account).filter((wait) => getSession(store, wait.sessionId));
    const slots = waits.flatMap((wait) => (wait.resumeAt === null ? [] : [wait.resumeAt]));
    return {
      account: limit.account,
      agent: limit.agent,
      words: limit.words,
      until: new Date(limit.resetAt).toISOString(),
      resetPrinted: limit.resetPrinted,
      sessions: waits.length,
      spawns: spawns.filter((wait) => wait.account === limit.account).length,
      resumesUntil: slots.length === 0 ? null : new Date(Math.max(...slots)).toISOString(),
    };
  });
}
