import type { ConflictHunk } from "./conflict-pairs.js";
import { fromJsonObjectColumn } from "./json-column.js";
import type { Store } from "./store.js";

/**
 * Where a merge-queue entry is (docs/merge-train.md): waiting or being prepared (`queued`), its
 * updated commit computed (`updating`), that commit under CI (`testing`), being merged
 * (`merging`), and the two ends.
 */
export type QueueState = "queued" | "updating" | "testing" | "merging" | "landed" | "left";

/** Why an entry left the queue without landing. */
export type QueueLeaveReason = "conflict" | "ci_failed" | "update_failed" | "branch_gone" | "session_ended";

/** What an entry carries beside its columns: how it was updated, why it left. */
export interface QueueDetail {
  /** How the candidate was made from `headSha`. */
  how?: "rebase" | "merge" | "none";
  /** The branch head it left with (it re-enters when the head moves from there). */
  leftHead?: string;
  files?: string[];
  hunks?: ConflictHunk[];
  checks?: string[];
  message?: string;
  /** Set once this left entry was followed by a new one (its re-entry). */
  reenteredAs?: number;
  by?: "ao merge --queue" | "reaction";
  /** The pull request the entry lands (its number). */
  pr?: number;
  /** Handed to the forge's own merge queue (GitHub's): the forge updates, tests and merges it. */
  forgeQueue?: boolean;
  /** mergeQueue.batch: the batch it is stacked in (kept after it left or landed, dropped when requeued). */
  batch?: QueueBatch;
}

/** An entry's place in a batch: stacked onto the member before it, tested with the stack up to it. */
export interface QueueBatch {
  /** The batch's first entry: names the batch. */
  lead: number;
  /** Its place in the stack, 0 first. */
  index: number;
  /** How many members the batch was formed with. */
  size: number;
  /** Set once CI was red on the stack up to it: the failing checks' names (the bisect goes on below it). */
  red?: string[];
}

/** One stay of a session in its project's merge queue (migration 012). */
export interface QueueEntry {
  readonly id: number;
  readonly project: string;
  readonly sessionId: string;
  readonly position: number;
  readonly attempt: number;
  readonly state: QueueState;
  readonly headSha: string | null;
  readonly baseSha: string | null;
  readonly testedSha: string | null;
  readonly reason: QueueLeaveReason | null;
  readonly detail: QueueDetail;
  readonly enteredAt: number;
  readonly updatedAt: number;
  /** When CI on `testedSha` began (the branch was moved to it). */
  readonly testingAt: number | null;
  readonly endedAt: number | null;
}

/** One recorded step of an entry, in order. */
export interface QueueStep {
  readonly id: number;
  readonly entryId: number;
  readonly step: string;
  readonly sha: string | null;
  readonly detail: Record<string, unknown>;
  readonly at: number;
}

export interface QueueEntryRow {
  id: number;
  project: string;
  session_id: string;
  position: number;
  attempt: number;
  state: QueueState;
  head_sha: string | null;
  base_sha: string | null;
  tested_sha: string | null;
  reason: QueueLeaveReason | null;
  detail: string;
  entered_at: number;
  updated_at: number;
  testing_at: number | null;
  ended_at: number | null;
}

export interface QueueStepRow {
  id: number;
  entry_id: number;
  step: string;
  sha: string | null;
  detail: string;
  at: number;
}

export function toQueueEntry(store: Store, row: QueueEntryRow): QueueEntry {
  return {
    id: row.id,
    project: row.project,
    sessionId: row.session_id,
    position: row.position,
    attempt: row.attempt,
    state: row.state,
    headSha: row.head_sha,
    baseSha: row.base_sha,
    testedSha: row.tested_sha,
    reason: row.reason,
    detail: fromJsonObjectColumn(row.detail, { path: store.path, table: "queue_entries", id: row.id }),
    enteredAt: row.entered_at,
    updatedAt: row.updated_at,
    testingAt: row.testing_at,
    endedAt: row.ended_at,
  };
}

export function toQueueStep(store: Store, row: QueueStepRow): QueueStep {
  return {
    id: row.id,
    entryId: row.entry_id,
    step: row.step,
    sha: row.sha,
    detail: fromJsonObjectColumn(row.detail, { path: store.path, table: "queue_steps", id: row.id }),
    at: row.at,
  };
}
