/**
 * scm: the forge around a branch (GitHub, or a local stand-in). `observe` is batched: the
 * lifecycle asks about every open PR in one call per cycle, so an implementation can answer with
 * one GraphQL query instead of N×4 REST calls.
 */

export type PullRequestState = "open" | "closed" | "merged";

export interface PullRequestRef {
  number: number;
  branch?: string;
}

export interface PullRequest {
  number: number;
  url: string;
  branch: string;
  base: string;
  title: string;
  state: PullRequestState;
  draft: boolean;
  headSha: string;
}

export interface OpenPullRequestInput {
  branch: string;
  base: string;
  title: string;
  body: string;
  draft?: boolean;
}

export type CiState = "passing" | "failing" | "pending" | "none";

export interface FailingCheck {
  name: string;
  url?: string;
  /** The end of the failing job's log, when the forge exposes it. */
  logTail?: string;
}

export interface CiStatus {
  state: CiState;
  failing: FailingCheck[];
}

export type ReviewDecision = "approved" | "changes_requested" | "pending" | "none";

export interface ReviewThread {
  id: string;
  path?: string;
  line?: number;
  author: string;
  body: string;
  url?: string;
  /** Bots (linters, review bots) are routed differently from people. */
  isBot: boolean;
}

export interface ReviewStatus {
  decision: ReviewDecision;
  /** Unresolved threads only. */
  threads: ReviewThread[];
}

export interface PullRequestObservation {
  number: number;
  state: PullRequestState;
  headSha: string;
  ci: CiStatus;
  review: ReviewStatus;
  /** null while the forge is still computing it. */
  mergeable: boolean | null;
  /** True when the branch conflicts with its base. */
  conflicts?: boolean;
}

export type MergeMethod = "squash" | "merge" | "rebase";

export interface MergeOptions {
  /** The head that was observed green and approved; the merge fails if the head moved since. */
  sha: string;
  method: MergeMethod;
}

export interface Scm {
  /** Pushes the branch from the workspace to its remote (never force). */
  push(worktree: string, branch: string): Promise<void>;
  /** The most recent PR for the branch in any state, or null. */
  findPullRequest(branch: string): Promise<PullRequest | null>;
  openPullRequest(input: OpenPullRequestInput): Promise<PullRequest>;
  /** One entry per PR that exists; an unknown number is absent, not an error. */
  observe(prs: PullRequestRef[]): Promise<Map<number, PullRequestObservation>>;
  /** Rejects with E_MERGE_REJECTED when the PR is not open, not mergeable, or its head moved. */
  merge(pr: PullRequestRef, options: MergeOptions): Promise<void>;
}
