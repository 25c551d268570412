import { setTimeout as sleep } from "node:timers/promises";
import { messageOf } from "../errors.js";
import { sessionsWithUnendedTurns } from "../store/index.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";

/** How often the daemon looks at open turns between its cycles: a turn ends within this of its signal. */
export const TURN_WATCH_MS = 1_000;

export interface TurnWatch {
  /** Resolves once the look in flight has finished. */
  readonly stop: () => Promise<void>;
}

/** What one look does: the cycle's turns step (open turns caught up, queued ones delivered). */
export type AdvanceOpenTurns = () => Promise<string[]>;

/**
 * Between its cycles (a poll every 30 s or more) the daemon watches the turns that have not ended:
 * a turn ends when the agent's signal arrives, not when somebody next looks, so an idle worker is
 * never refused as busy and a queued turn is delivered as soon as the one ahead of it ended. A
 * look costs one probe per session with an open turn, and nothing while there is none.
 */
export function startTurnWatch(
  engine: LifecycleEngine,
  advance: AdvanceOpenTurns,
  log: DaemonLog,
  intervalMs = TURN_WATCH_MS,
): TurnWatch {
  const stopped = new AbortController();
  const loop = (async () => {
    while (!stopped.signal.aborted) {
      await lookOnce(engine, advance, log);
      await sleep(intervalMs, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  })();
  return {
    stop: async () => {
      stopped.abort();
      await loop;
    },
  };
}

async function lookOnce(engine: LifecycleEngine, advance: AdvanceOpenTurns, log: DaemonLog): Promise<void> {
  try {
    if (sessionsWithUnendedTurns(engine.store).length === 0) return;
    for (const error of await advance()) log.error(`turn watch: ${error}`);
  } catch (error) {
    log.error(`turn watch: ${messageOf(error)}`);
  }
}
