import { loadConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { findProject } from "../sessions/open-project.js";
import { closeStore, listQueueEntries, openStore, type QueueEntry, type Store } from "../store/index.js";
import { batchNote, batchView, type BatchView } from "./batch-view.js";
import { queueEtas, queueOrder, recentCiDurations } from "./queue-order.js";

/** One entry as `ao queue` shows it. */
export interface QueueEntryView {
  readonly entry: number;
  readonly session: string;
  readonly project: string;
  /** 1 for the entry landing next; null once it landed or left. */
  readonly place: number | null;
  readonly state: QueueEntry["state"];
  readonly attempt: number;
  /** What it is doing or why it ended, in words. */
  readonly note: string;
  readonly reason: QueueEntry["reason"];
  readonly head: string | null;
  readonly tested: string | null;
  readonly base: string | null;
  readonly files?: readonly string[] | undefined;
  readonly checks?: readonly string[] | undefined;
  readonly enteredAt: number;
  readonly endedAt: number | null;
  /** When it is expected to land (ms since the epoch), from recent CI durations; null: nothing to go by. */
  readonly eta: number | null;
  /** mergeQueue.batch: its batch and the sessions tested together now. */
  readonly batch?: BatchView | undefined;
}

export interface QueueListing {
  /** The entries in the queue, in landing order. */
  readonly queue: readonly QueueEntryView[];
  /** The latest entries that landed or left, newest first (at most `recent`). */
  readonly ended: readonly QueueEntryView[];
  /** The mean CI duration the ETAs come from (ms), when an entry has landed. */
  readonly ciMs: number | null;
}

/**
 * `ao queue [project]`: each project's queue in order with ETAs, and what recently landed or left.
 * A project the configuration does not know is a usage error naming the known ones.
 */
export async function listQueue(
  ctx: AoContext,
  options: { project?: string | undefined; configPath?: string | undefined; recent?: number } = {},
): Promise<QueueListing> {
  const { project, recent = 10 } = options;
  if (project !== undefined) findProject(await loadConfig(ctx, { configPath: options.configPath }), project);
  const store = openStore(ctx);
  try {
    return readQueue(store, { project, recent }, ctx.clock.now());
  } finally {
    closeStore(store);
  }
}

/** The queue listing `ao queue` prints, from a store its reader holds (the dashboard's). */
export function readQueue(
  store: Store,
  options: { project?: string | undefined; recent?: number },
  now: number,
): QueueListing {
  const all = listQueueEntries(store, { project: options.project });
  const ordered = queueOrder(all);
  const durations = recentCiDurations(all);
  const etas = queueEtas(ordered, durations, now);
  const ended = all
    .filter((entry) => entry.state === "landed" || entry.state === "left")
    .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0) || b.id - a.id)
    .slice(0, options.recent ?? 10);
  const mean =
    durations.length === 0 ? null : Math.round(durations.reduce((a, b) => a + b, 0) / durations.length);
  return {
    queue: ordered.map((entry, index) => view(entry, index + 1, etas[index] ?? null, ordered)),
    ended: ended.map((entry) => view(entry, null, null, ordered)),
    ciMs: mean,
  };
}

function view(
  entry: QueueEntry,
  place: number | null,
  eta: number | null,
  active: readonly QueueEntry[],
): QueueEntryView {
  const batch = batchView(entry, active);
  const note = (batch === undefined ? undefined : batchNote(entry, batch)) ?? noteOf(entry);
  return {
    entry: entry.id,
    session: entry.sessionId,
    project: entry.project,
    place,
    state: entry.state,
    attempt: entry.attempt,
    note,
    reason: entry.reason,
    head: entry.headSha,
    tested: entry.testedSha,
    base: entry.baseSha,
    files: entry.detail.files,
    checks: entry.detail.checks,
    enteredAt: entry.enteredAt,
    endedAt: entry.endedAt,
    eta,
    ...(batch === undefined ? {} : { batch }),
  };
}

/** The state in words, pure. */
export function noteOf(entry: QueueEntry): string {
  const short = (sha: string | null) => (sha ?? "").slice(0, 12);
  switch (entry.state) {
    case "queued":
      return "waiting to be brought up to date";
    case "updating":
      return `updated (${entry.detail.how ?? "rebase"}) to ${short(entry.testedSha)}; moving the branch`;
    case "testing":
      return entry.detail.forgeQueue === true
        ? `handing ${short(entry.testedSha)} to GitHub's merge queue`
        : `CI on ${short(entry.testedSha)}`;
    case "merging":
      return entry.detail.forgeQueue === true
        ? `in GitHub's merge queue (${short(entry.testedSha)})`
        : `green; merging ${short(entry.testedSha)}`;
    case "landed":
      return `landed ${short(entry.testedSha)}`;
    case "left":
      return leftNote(entry);
  }
}

function leftNote(entry: QueueEntry): string {
  const { files, checks, message, reenteredAs } = entry.detail;
  const again = reenteredAs === undefined ? "" : ` (re-entered as ${reenteredAs})`;
  switch (entry.reason) {
    case "conflict":
      return `conflicts with the default branch in ${(files ?? []).join(", ")}${again}`;
    case "ci_failed":
      return `CI failed: ${(checks ?? []).join(", ")}${again}`;
    case "update_failed":
      return `the branch could not be moved: ${message ?? ""}${again}`;
    case "branch_gone":
      return "its branch is gone";
    default:
      return message === undefined ? "its session ended" : `its session ended: ${message}`;
  }
}
