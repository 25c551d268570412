import type { EventBase } from "./event-base.js";

/** One conflicting region, as lines of the three-way merge's result (docs/conflicts.md). */
interface QueueHunk {
  /** The file. */
  file: string;
  /** First line in the merge result. */
  start: number;
  /** Last line in the merge result. */
  end: number;
}

/** A session entered its project's merge queue (docs/merge-train.md), at the back. */
export interface QueueEntered extends EventBase {
  type: "queue.entered";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /** Its place: entries land in ascending order. */
    position: number;
    /** The branch head when it entered. */
    head: string;
    /** Who put it there: `ao merge --queue`, or the approved-and-green reaction's `queue` action. */
    by: "ao merge --queue" | "reaction";
  };
}

/** The train brought the entry's branch up to date with the default branch. */
export interface QueueUpdated extends EventBase {
  type: "queue.updated";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /** `rebase` or `merge` (of the default branch), or `none` when the branch already contained it. */
    how: "rebase" | "merge" | "none";
    /** The branch head before. */
    from: string;
    /** The commit it becomes: the one CI tests and the train may land. */
    to: string;
    /** The default branch's head it was brought up to date with; in a batch, the member's before it. */
    base: string;
    /** mergeQueue.batch: the batch it was stacked in (its first entry, its place from 0, the batch's size). */
    batch?: { lead: number; index: number; size: number };
  };
}

/** The branch now points at the updated commit; CI runs on exactly that commit. */
export interface QueueTesting extends EventBase {
  type: "queue.testing";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /** The commit under test: the only one this entry may land. */
    sha: string;
    /** The default branch's head it was tested against. */
    base: string;
    /** mergeQueue.batch: the entries tested together on this commit (this one is their stack's tip). */
    batch?: { lead: number; entries: number[]; sessions: string[] };
  };
}

/**
 * mergeQueue.batch: CI failed on a batch's stack (this entry is its tip). The train tests the first
 * half of the stack next, until the first member whose stack is red is found: that one leaves.
 */
export interface QueueBisecting extends EventBase {
  type: "queue.bisecting";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The stack's tip. */
    entry: number;
    /** The batch (its first entry). */
    lead: number;
    /** The red commit. */
    sha: string;
    /** The failing checks' names. */
    checks: string[];
    /** The entries of the red stack, in order. */
    entries: number[];
  };
}

/** The entry goes back to being prepared: its branch or the default branch moved under it. */
export interface QueueRequeued extends EventBase {
  type: "queue.requeued";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /**
     * `head_moved`: a commit landed on the branch; `base_moved`: the default branch moved; `batch`:
     * its batch came apart (a member before it failed CI, or one moved), so it is stacked again.
     */
    reason: "head_moved" | "base_moved" | "batch";
    /** The head it sees now. */
    sha: string;
  };
}

/** The tested commit was merged into the default branch. */
export interface QueueLanded extends EventBase {
  type: "queue.landed";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /** The tested commit that was merged. */
    sha: string;
    /** The pull request merged. */
    number: number;
    /** How long its CI took, from the branch update to green, in ms. */
    ciMs?: number;
  };
}

/** The entry left the queue without landing; the agent gets one turn about `reason`. */
export interface QueueLeft extends EventBase {
  type: "queue.left";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The queue entry (`ao queue --json` lists it). */
    entry: number;
    /**
     * `conflict` (with the default branch), `ci_failed` (on the updated commit), `update_failed` (the
     * branch could not be moved), `branch_gone`, or `session_ended`.
     */
    reason: "conflict" | "ci_failed" | "update_failed" | "branch_gone" | "session_ended";
    /** The branch head it left with; it re-enters once the agent's turn ended and the head moved. */
    head?: string;
    /** conflict: the conflicting files. */
    files?: string[];
    /** conflict: the conflicting blocks, as lines of the merge result. */
    hunks?: QueueHunk[];
    /** ci_failed: the failing checks' names. */
    checks?: string[];
    /** update_failed: what git said. */
    message?: string;
  };
}

/** A session that left re-entered at the back, after its agent's turn ended with a new head. */
export interface QueueReentered extends EventBase {
  type: "queue.reentered";
  payload: {
    /** The project whose queue it is. */
    project: string;
    /** The new entry. */
    entry: number;
    /** The entry it left with. */
    previous: number;
    /** Its place: entries land in ascending order. */
    position: number;
    /** The branch head. */
    head: string;
    /** 2 for the first re-entry, and so on. */
    attempt: number;
  };
}

/** The merge train (docs/merge-train.md): a queue entry's way from entering to landing or leaving. */
export type QueueEvent =
  | QueueEntered
  | QueueUpdated
  | QueueTesting
  | QueueBisecting
  | QueueRequeued
  | QueueLanded
  | QueueLeft
  | QueueReentered;
