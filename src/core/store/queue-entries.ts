import type { QueueEvent } from "../events/index.js";
import { AoError } from "../errors.js";
import { appendEvent } from "./events.js";
import { toJsonColumn } from "./json-column.js";
import {
  toQueueEntry,
  toQueueStep,
  type QueueDetail,
  type QueueEntry,
  type QueueEntryRow,
  type QueueLeaveReason,
  type QueueState,
  type QueueStep,
  type QueueStepRow,
} from "./queue-entry-row.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** The states of an entry still in the queue (not landed, not left). */
export const ACTIVE_QUEUE_STATES: readonly QueueState[] = ["queued", "updating", "testing", "merging"];

export interface NewQueueEntry {
  project: string;
  sessionId: string;
  head: string;
  attempt: number;
  detail: QueueDetail;
  /** The first step's name: `entered`, or `reentered`. */
  step: string;
  event: (entry: QueueEntry) => QueueEvent;
}

/** Puts an entry at the back of its project's queue, with its first step and event. */
export function insertQueueEntry(tx: WriteTx, entry: NewQueueEntry): QueueEntry {
  const now = tx.clock.now();
  const last = statement(tx, "SELECT MAX(position) AS last FROM queue_entries WHERE project = ?").get(
    entry.project,
  ) as { last: number | null };
  const row = statement(
    tx,
    `INSERT INTO queue_entries (project, session_id, position, attempt, state, head_sha, detail,
       entered_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?) RETURNING *`,
  ).get(
    entry.project,
    entry.sessionId,
    (last.last ?? 0) + 1,
    entry.attempt,
    entry.head,
    toJsonColumn(entry.detail),
    now,
    now,
  ) as QueueEntryRow;
  const inserted = toQueueEntry(tx, row);
  appendStep(tx, inserted.id, entry.step, entry.head, {});
  appendEvent(tx, { ...entry.event(inserted), sessionId: entry.sessionId });
  return inserted;
}

/** What one step changes on its entry. Absent fields keep their value. */
export interface QueueStepChange {
  /** The state the step starts from: when the entry is not there any more, nothing is written. */
  from: QueueState;
  to: QueueState;
  step: string;
  sha?: string | null | undefined;
  headSha?: string | null | undefined;
  baseSha?: string | null | undefined;
  testedSha?: string | null | undefined;
  reason?: QueueLeaveReason | null | undefined;
  detail?: QueueDetail | undefined;
  testingAt?: number | null | undefined;
  stepDetail?: Record<string, unknown> | undefined;
  event?: QueueEvent | undefined;
}

/**
 * Records one step of an entry (its row, a `queue_steps` row, its event) only if the entry is still
 * in `change.from`: a step is taken once, even by two writers. Returns the entry as it is now.
 */
export function recordQueueStep(tx: WriteTx, entryId: number, change: QueueStepChange): QueueEntry {
  const current = requireQueueEntry(tx, entryId);
  if (current.state !== change.from)
    throw new AoError(
      "E_BUSY",
      `queue entry ${entryId} is ${current.state}, not ${change.from}: step ${change.step} not taken`,
    );
  const now = tx.clock.now();
  const pick = <T>(value: T | undefined, kept: T): T => (value === undefined ? kept : value);
  const ended = change.to === "landed" || change.to === "left" ? now : current.endedAt;
  statement(
    tx,
    `UPDATE queue_entries SET state = ?, head_sha = ?, base_sha = ?, tested_sha = ?, reason = ?,
       detail = ?, updated_at = ?, testing_at = ?, ended_at = ? WHERE id = ?`,
  ).run(
    change.to,
    pick(change.headSha, current.headSha),
    pick(change.baseSha, current.baseSha),
    pick(change.testedSha, current.testedSha),
    pick(change.reason, current.reason),
    toJsonColumn(pick(change.detail, current.detail)),
    now,
    pick(change.testingAt, current.testingAt),
    ended,
    entryId,
  );
  appendStep(tx, entryId, change.step, change.sha ?? null, change.stepDetail ?? {});
  if (change.event !== undefined) appendEvent(tx, { ...change.event, sessionId: current.sessionId });
  return requireQueueEntry(tx, entryId);
}

/** Marks a left entry as followed by its re-entry, so it is re-entered once. */
export function markReentered(tx: WriteTx, entry: QueueEntry, next: number): void {
  statement(tx, "UPDATE queue_entries SET detail = ? WHERE id = ?").run(
    toJsonColumn({ ...entry.detail, reenteredAs: next }),
    entry.id,
  );
}

export function getQueueEntry(store: Store, id: number): QueueEntry | undefined {
  const row = statement(store, "SELECT * FROM queue_entries WHERE id = ?").get(id) as
    QueueEntryRow | undefined;
  return row === undefined ? undefined : toQueueEntry(store, row);
}

function requireQueueEntry(store: Store, id: number): QueueEntry {
  const entry = getQueueEntry(store, id);
  if (entry === undefined) throw new AoError("E_NOT_FOUND", `no queue entry ${id}`);
  return entry;
}

/** A project's entries (or every project's), in queue order; `activeOnly` leaves out landed and left. */
export function listQueueEntries(
  store: Store,
  options: { project?: string | undefined; activeOnly?: boolean } = {},
): QueueEntry[] {
  const rows = (
    options.project === undefined
      ? statement(store, "SELECT * FROM queue_entries ORDER BY project, position").all()
      : statement(store, "SELECT * FROM queue_entries WHERE project = ? ORDER BY position").all(
          options.project,
        )
  ) as QueueEntryRow[];
  const entries = rows.map((row) => toQueueEntry(store, row));
  return options.activeOnly === true
    ? entries.filter((entry) => ACTIVE_QUEUE_STATES.includes(entry.state))
    : entries;
}

/** A session's newest entry, if it ever entered a queue. */
export function latestQueueEntryOf(store: Store, sessionId: string): QueueEntry | undefined {
  const row = statement(
    store,
    "SELECT * FROM queue_entries WHERE session_id = ? ORDER BY id DESC LIMIT 1",
  ).get(sessionId) as QueueEntryRow | undefined;
  return row === undefined ? undefined : toQueueEntry(store, row);
}

/**
 * Whether the session's branch is in a merge batch under way (mergeQueue.batch): red CI on it is
 * its batch's, which the train bisects and tells the member that broke it about — not its agent's.
 */
export function inMergeBatch(store: Store, sessionId: string): boolean {
  const entry = latestQueueEntryOf(store, sessionId);
  return entry !== undefined && ACTIVE_QUEUE_STATES.includes(entry.state) && entry.detail.batch !== undefined;
}

/** The recorded steps of one entry, or of every entry of a project, oldest first. */
export function listQueueSteps(
  store: Store,
  options: { entryId?: number; project?: string } = {},
): QueueStep[] {
  const rows = (
    options.entryId !== undefined
      ? statement(store, "SELECT * FROM queue_steps WHERE entry_id = ? ORDER BY id").all(options.entryId)
      : statement(
          store,
          `SELECT s.* FROM queue_steps s JOIN queue_entries e ON e.id = s.entry_id
           WHERE ? IS NULL OR e.project = ? ORDER BY s.id`,
        ).all(options.project ?? null, options.project ?? null)
  ) as QueueStepRow[];
  return rows.map((row) => toQueueStep(store, row));
}

function appendStep(tx: WriteTx, entryId: number, step: string, sha: string | null, detail: object): void {
  statement(tx, "INSERT INTO queue_steps (entry_id, step, sha, detail, at) VALUES (?, ?, ?, ?, ?)").run(
    entryId,
    step,
    sha,
    toJsonColumn(detail),
    tx.clock.now(),
  );
}
