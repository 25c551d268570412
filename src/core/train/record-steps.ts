import { lifecycleFeedEvent } from "../events/index.js";
import type { CiState } from "../slots/index.js";
import {
  appendEvent,
  getSession,
  recordQueueStep,
  updateSession,
  writeTransaction,
  type ConflictHunk,
  type QueueEntry,
  type QueueLeaveReason,
  type Store,
} from "../store/index.js";

/** Why an entry left, with what the agent's turn will name. */
export interface LeaveFacts {
  readonly reason: QueueLeaveReason;
  /** The branch head it leaves with: it re-enters when the head moves from there. */
  readonly head?: string | undefined;
  readonly files?: readonly string[];
  readonly hunks?: readonly ConflictHunk[];
  readonly checks?: readonly { name: string; url?: string | undefined; logTail?: string | undefined }[];
  readonly message?: string;
}

/** The entry leaves the queue (`queue.left`), recorded with its reason in one transaction. */
export function leaveQueue(store: Store, entry: QueueEntry, facts: LeaveFacts): QueueEntry {
  const files = facts.files === undefined ? undefined : [...facts.files];
  const hunks = facts.hunks?.map(({ file, start, end, leftLines, rightLines }) => ({
    file,
    start,
    end,
    leftLines,
    rightLines,
  }));
  const checks = facts.checks?.map((check) => check.name);
  const detail = {
    ...entry.detail,
    ...(facts.head === undefined ? {} : { leftHead: facts.head }),
    ...(files === undefined ? {} : { files }),
    ...(hunks === undefined ? {} : { hunks }),
    ...(checks === undefined ? {} : { checks }),
    ...(facts.message === undefined ? {} : { message: facts.message }),
  };
  return writeTransaction(store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: entry.state,
      to: "left",
      step: `left:${facts.reason}`,
      sha: facts.head ?? null,
      reason: facts.reason,
      detail,
      event: {
        type: "queue.left",
        payload: {
          project: entry.project,
          entry: entry.id,
          reason: facts.reason,
          ...(facts.head === undefined ? {} : { head: facts.head }),
          ...(files === undefined ? {} : { files }),
          ...(hunks === undefined
            ? {}
            : { hunks: hunks.map(({ file, start, end }) => ({ file, start, end })) }),
          ...(checks === undefined ? {} : { checks }),
          ...(facts.message === undefined ? {} : { message: facts.message }),
        },
      },
    }),
  );
}

/**
 * Back to be prepared again, keeping its place: its branch or the default branch moved, or its
 * batch came apart. It leaves its batch (a new one is stacked from the queue).
 */
export function requeue(
  store: Store,
  entry: QueueEntry,
  reason: "head_moved" | "base_moved" | "batch",
  sha: string | undefined,
): QueueEntry {
  const { batch: _left, ...detail } = entry.detail;
  return writeTransaction(store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: entry.state,
      to: "queued",
      step: `requeued:${reason}`,
      sha: sha ?? null,
      testingAt: null,
      detail,
      event: {
        type: "queue.requeued",
        payload: { project: entry.project, entry: entry.id, reason, sha: sha ?? "" },
      },
    }),
  );
}

/**
 * The tested commit is in the default branch: the entry landed, the pull request is recorded
 * merged by the train (`pr.merged`), and the session ends `merged` at once, as after `ao merge` —
 * all in one transaction, so a daemon killed around it records the landing exactly once.
 */
export function recordLanded(store: Store, entry: QueueEntry, number: number, ci: CiState): QueueEntry {
  const sha = entry.testedSha ?? "";
  return writeTransaction(store, (tx) => {
    const now = tx.clock.now();
    const landed = recordQueueStep(tx, entry.id, {
      from: entry.state,
      to: "landed",
      step: "landed",
      sha,
      event: {
        type: "queue.landed",
        payload: {
          project: entry.project,
          entry: entry.id,
          sha,
          number,
          ...(entry.testingAt === null ? {} : { ciMs: Math.max(0, now - entry.testingAt) }),
        },
      },
    });
    appendEvent(tx, {
      type: "pr.merged",
      sessionId: entry.sessionId,
      payload: { number, sha, by: "merge train", ci },
    });
    const session = getSession(tx, entry.sessionId);
    if (session !== undefined && session.status !== "merged") {
      appendEvent(tx, lifecycleFeedEvent(entry.sessionId, { type: "merged", pr: number }));
      updateSession(
        tx,
        entry.sessionId,
        { status: "merged", reason: "pr_merged" },
        { type: "session.status", payload: { from: session.status, to: "merged", reason: "pr_merged" } },
      );
    }
    return landed;
  });
}
