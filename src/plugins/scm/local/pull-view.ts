import type {
  PullRequestState,
  ReviewDecision,
  ReviewStatus,
  ReviewThread,
} from "../../../core/plugin-api.js";
import type { PullEvent } from "./pull-store.js";

/**
 * What a pull request's events add up to. Pure: the store appends, this reads.
 */

/** A review comment as recorded: the thread shape of docs/local-mode.md. */
export interface LocalThread {
  id: string;
  body: string;
  path?: string;
  line?: number;
  author: string;
  createdAt: string;
  resolved: boolean;
}

/** The first merged/closed event wins: a pull request is never reopened. */
export function stateFrom(events: readonly PullEvent[]): PullRequestState {
  const ended = events.find((event) => event.type === "state");
  return ended?.type === "state" ? ended.state : "open";
}

/** Thread ids carry the pull request's number so they are unique across a project (`3-2`). */
export function threadId(prNumber: number, seq: number): string {
  return `${String(prNumber)}-${String(seq)}`;
}

/** Every comment made with a review (changes requested, or a plain comment) is a thread. */
export function threadsFrom(prNumber: number, events: readonly PullEvent[]): LocalThread[] {
  const resolved = new Set(events.flatMap((event) => (event.type === "resolve" ? [event.threadId] : [])));
  const threads: LocalThread[] = [];
  for (const event of events) {
    if (event.type !== "review" || event.decision === "approved" || event.body === undefined) continue;
    const id = threadId(prNumber, event.seq);
    threads.push({
      id,
      body: event.body,
      ...(event.path === undefined ? {} : { path: event.path }),
      ...(event.line === undefined ? {} : { line: event.line }),
      author: event.author,
      createdAt: event.createdAt,
      resolved: resolved.has(id),
    });
  }
  return threads;
}

/** The latest approval or request for changes decides; comments alone decide nothing. */
export function decisionFrom(events: readonly PullEvent[]): ReviewDecision {
  const decided = events.filter((event) => event.type === "review" && event.decision !== "commented").at(-1);
  return decided?.type === "review" && decided.decision !== "commented" ? decided.decision : "none";
}

/** What observe reports: the decision and the unresolved threads. */
export function reviewFrom(prNumber: number, events: readonly PullEvent[]): ReviewStatus {
  const threads: ReviewThread[] = threadsFrom(prNumber, events)
    .filter((thread) => !thread.resolved)
    .map(({ resolved: _resolved, ...thread }) => ({ ...thread, isBot: false }));
  return { decision: decisionFrom(events), threads };
}
