import { getMeta, setMeta, writeTransaction, type Store } from "../store/index.js";

/**
 * Meta `lifecycle.lastCycle`: what `ao status` and `GET /health` say about the last poll. One module
 * owns its key and shape; it imports nothing but the store, so `ao status` can read it without
 * loading the engine.
 */
export const LAST_CYCLE_META = "lifecycle.lastCycle";

export interface LastCycle {
  at: number;
  durationMs: number;
  sessions: number;
  error?: string;
}

interface CycleTotals {
  readonly at: number;
  readonly durationMs: number;
  readonly sessions: number;
  readonly errors: readonly string[];
}

/** The summary of a cycle; `failure` is why the cycle itself could not run, when it could not. */
export function summarizeCycle(report: CycleTotals, failure?: string): LastCycle {
  const last: LastCycle = { at: report.at, durationMs: report.durationMs, sessions: report.sessions };
  const error = failure ?? (report.errors.length > 0 ? report.errors.join("; ") : undefined);
  if (error !== undefined) last.error = error;
  return last;
}

/** Throws what the store throws; callers decide whether a lost summary is worth a log line. */
export function recordLastCycle(store: Store, last: LastCycle): void {
  writeTransaction(store, (tx) => setMeta(tx, LAST_CYCLE_META, JSON.stringify(last)));
}

/** The last cycle recorded in the store, if any daemon (or `ao demo`) ever ran one. */
export function readLastCycle(store: Store): LastCycle | undefined {
  const text = getMeta(store, LAST_CYCLE_META);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as LastCycle;
  } catch {
    return undefined;
  }
}
