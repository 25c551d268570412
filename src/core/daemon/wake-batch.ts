/** Where a wake came from, for the daemon's log line. */
export type WakeSource = "commit" | "new session" | "agent" | "scm" | "config";

export interface WakeBatch {
  /** A cycle for these sessions soon (`undefined`: a full cycle). */
  wake(source: WakeSource, sessionIds?: readonly string[]): void;
  /** Drops what has not been asked yet; no more cycles. */
  close(): void;
}

/** How long wakes are gathered: git writes a ref as a lock file renamed over it, two notifications. */
export const WAKE_SETTLE_MS = 25;

/**
 * Gathers the wakes of a short moment into one request to the cycle queue: a commit and the CI run
 * it ends, or a rebase that moves a branch ten times, cost one cycle. The queue itself merges what
 * arrives while a cycle runs (cycle-queue.ts).
 */
export function createWakeBatch(
  request: (sessionIds: readonly string[] | undefined) => void,
  log: (line: string) => void,
  settleMs = WAKE_SETTLE_MS,
): WakeBatch {
  let ids = new Set<string>();
  let all = false;
  let sources = new Set<WakeSource>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const scope = all ? undefined : [...ids];
    log(`woken (${[...sources].join(", ")}): ${scope === undefined ? "all sessions" : scope.join(", ")}`);
    ids = new Set();
    all = false;
    sources = new Set();
    request(scope);
  };
  return {
    wake(source, sessionIds) {
      if (sessionIds === undefined) all = true;
      else if (sessionIds.length === 0) return;
      else for (const id of sessionIds) ids.add(id);
      sources.add(source);
      timer ??= setTimeout(flush, settleMs);
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
