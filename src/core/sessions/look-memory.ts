/**
 * How long what a look found may stand in for a new look while its change signal stays the same:
 * after this, the session is looked at afresh whatever its signals say (the safety net under
 * change signals that a runtime or git could fail to give). Five minutes: ten cycles at the
 * default 30 s poll.
 */
export const FULL_LOOK_MS = 5 * 60_000;

/**
 * What a look at a session found (a screen, "no commits of its own"), kept with the change signal
 * (`stamp`) it was found under: while the session's signal is the same, the next cycle takes the
 * answer from here instead of asking tmux or git again. A stamp only promises "unchanged" when it
 * is equal, so an entry answers only for the very stamp it was kept with, and only until
 * FULL_LOOK_MS after the look that found it (looks answered from here do not extend it). In memory
 * only: one per lifecycle engine, so a new daemon (or `ao status --refresh`) looks at everything.
 */
export interface LookMemory<T> {
  /** The answer kept for `key` under exactly `stamp`, found less than FULL_LOOK_MS before `now`. */
  recall(key: string, stamp: string, now: number): T | undefined;
  /** Keeps `value`, found at `now` under `stamp`, in place of what `key` had. */
  keep(key: string, stamp: string, value: T, now: number): void;
  /** Drops everything kept for the keys `wanted` refuses (sessions that ended). */
  retain(wanted: (key: string) => boolean): void;
  readonly size: number;
}

interface Kept<T> {
  readonly stamp: string;
  readonly value: T;
  readonly at: number;
}

export function createLookMemory<T>(fullLookMs = FULL_LOOK_MS): LookMemory<T> {
  const kept = new Map<string, Kept<T>>();
  return {
    recall(key, stamp, now) {
      const entry = kept.get(key);
      if (entry === undefined || entry.stamp !== stamp) return undefined;
      // A clock that went back is no reason to trust an old answer either.
      return now >= entry.at && now - entry.at < fullLookMs ? entry.value : undefined;
    },
    keep(key, stamp, value, now) {
      kept.set(key, { stamp, value, at: now });
    },
    retain(wanted) {
      for (const key of kept.keys()) if (!wanted(key)) kept.delete(key);
    },
    get size() {
      return kept.size;
    },
  };
}

/** A LookMemory as one cycle uses it: at the cycle's time, and with `recall: false` never answering. */
export interface CycleLookMemory<T> {
  recall(key: string, stamp: string): T | undefined;
  keep(key: string, stamp: string, value: T): void;
}

/**
 * `recall: false` is a cycle asked for because something happened (named sessions, a webhook): it
 * looks at everything afresh and keeps what it found for the cycles after it.
 */
export function lookMemoryAt<T>(memory: LookMemory<T>, now: number, recall: boolean): CycleLookMemory<T> {
  return {
    recall: (key, stamp) => (recall ? memory.recall(key, stamp, now) : undefined),
    keep: (key, stamp, value) => memory.keep(key, stamp, value, now),
  };
}
