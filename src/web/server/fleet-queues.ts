import { readQueue, type QueueEntryView } from "../../core/train/index.js";
import { liveWaits } from "../../core/sessions/index.js";
import { redactText } from "../../core/redact.js";
import { listSpawnWaits, type Store } from "../../core/store/index.js";
import type { MergeQueueBrief, QueueEntryBrief, SpawnWaitBrief } from "../api/types.js";

/** Entries that landed or left shown per project: enough to see why one left; `ao queue` has more. */
export const RECENT_QUEUE_ENTRIES = 5;

/**
 * Each project's merge queue as `ao queue --json` lists it (core/train `readQueue`): the entries
 * in landing order and the latest that landed or left, with why. Projects whose queue never held
 * anything are left out. ETAs are not carried: they move with the clock, and the stream sends only
 * what changed (docs/dashboard.md, "Merge queue and waiting spawns").
 */
export function mergeQueues(store: Store, projects: readonly string[], now: number): MergeQueueBrief[] {
  return projects.flatMap((project) => {
    const listed = readQueue(store, { project, recent: RECENT_QUEUE_ENTRIES }, now);
    if (listed.queue.length === 0 && listed.ended.length === 0) return [];
    return [{ project, entries: listed.queue.map(entryBrief), recent: listed.ended.map(entryBrief) }];
  });
}

function entryBrief(view: QueueEntryView): QueueEntryBrief {
  return {
    entry: view.entry,
    session: view.session,
    place: view.place,
    state: view.state,
    attempt: view.attempt,
    note: view.note,
    reason: view.reason,
    enteredAt: new Date(view.enteredAt).toISOString(),
    endedAt: view.endedAt === null ? null : new Date(view.endedAt).toISOString(),
  };
}

/**
 * The spawns waiting to start, first come first, as `ao status` and `ao queue` show them (core/sessions
 * `liveWaits`: rows of processes that are gone are dropped). The task's line is redacted here.
 */
export function spawnsWaiting(store: Store): SpawnWaitBrief[] {
  return liveWaits(store).map((wait) => ({
    id: wait.id,
    project: wait.project,
    agent: wait.agent,
    task: redactText(wait.task),
    code: wait.code,
    reason: wait.reason,
    since: new Date(wait.since).toISOString(),
  }));
}

/** What changes when a waiting spawn joins, leaves or waits for something else: the feed's stamp (store-feed.ts). */
export function spawnWaitsStamp(store: Store): string {
  return listSpawnWaits(store)
    .map((wait) => `${wait.id}/${wait.code}/${wait.reason}`)
    .join(",");
}
