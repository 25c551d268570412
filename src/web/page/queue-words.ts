import type { QueueEntryBrief, SpawnWaitBrief } from "../api/types.js";
import { localTimesIn } from "./local-time.js";

/**
 * The words of the queue panel (queue-panel.ts), pure so they are tested without a browser: a merge
 * queue entry's state as a person says it, and what a waiting spawn waits for.
 */
const STATE_WORDS: Record<string, string> = {
  queued: "waiting",
  updating: "updating",
  testing: "testing",
  merging: "merging",
  landed: "landed",
  left: "left the queue",
};

export function queueStateText(entry: QueueEntryBrief): string {
  return STATE_WORDS[entry.state] ?? entry.state;
}

const WAIT_WORDS: Record<string, string> = {
  E_NO_ROOM: "machine busy",
  E_RATE_LIMITED: "usage limit",
  E_SESSION_LIMIT: "session limit",
  E_OVER_BUDGET: "budget",
  E_QUEUED: "behind others",
};

/** "machine busy", "usage limit": what kind of hold it is (the reason says the rest). */
export function waitKindText(wait: SpawnWaitBrief): string {
  return WAIT_WORDS[wait.code] ?? "waiting";
}

/** The reason in the person's own time ("rate limited until 14:30:00"), never UTC. */
export function waitReasonText(wait: SpawnWaitBrief): string {
  return localTimesIn(wait.reason);
}

/** "app-2", or "app-2 (try 2)" for a session that re-entered. */
export function entrySessionText(entry: QueueEntryBrief): string {
  return entry.attempt > 1 ? `${entry.session} (try ${entry.attempt})` : entry.session;
}
