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
  /** The check's (or CI job's) name, as the forge shows it. */
  name: string;
  /** Where its details are, when the forge has a page for it. */
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
  /** The forge's id of the thread (what `ao review --resolve` takes). */
  id: string;
  /** The file it is about, relative to the repository; absent for a comment on the whole change. */
  path?: string;
  /** The line it is about, in `path`. */
  line?: number;
  /** The login of the comment the thread is shown by (on GitHub, its first comment by a trusted author). */
  author: string;
  /** That comment's text: untrusted, never interpreted. */
  body: string;
  /** That comment's web address. */
  url?: string;
  /** Bots (linters, review bots) are routed differently from people. */
  isBot: boolean;
  /** ISO 8601, when the forge tells. */
  createdAt?: string;
}

export interface ReviewStatus {
  decision: ReviewDecision;
  /** Unresolved threads only. */
  threads: ReviewThread[];
  /**
   * Unresolved threads kept from the agent because no comment in them is by an author the
   * project trusts (a stranger on a public repository); `authors` are their logins.
   */
  withheld?: { threads: number; authors: string[] };
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
  /** The files that conflict, when the forge names them. */
  conflictingFiles?: string[];
}

export type MergeMethod = "squash" | "merge" | "rebase";

export interface MergeOptions {
  /** The head that was observed green and approved; the merge fails if the head moved since. */
  sha: string;
  /** Absent: the scm's configured method (scm/github `mergeMethod`, scm/local its own default). */
  method?: MergeMethod | undefined;
}

export interface ObserveOptions {
  /**
   * Something is known to have changed (a webhook): ask the forge about every given PR instead of
   * trusting a cache.
   */
  fresh?: boolean | undefined;
}

/** A person's review, as `ao review` records it (forges without their own review UI). */
export type ReviewInput =
  | { approve: true; body?: string }
  | { requestChanges: string; path?: string; line?: number }
  | { comment: string; path?: string; line?: number };

/** A comment on one line of a pull request's diff: `old` a line the change removed, `new` any other. */
export interface LineComment {
  path: string;
  line: number;
  side: "old" | "new";
  body: string;
}

/**
 * A review requesting changes with comments on lines of the diff, as the dashboard's review posts
 * it: one review, one thread per comment, on the diff of `head` (the commit the person read).
 */
export interface LineReview {
  head: string;
  body: string;
  comments: LineComment[];
}

export type CiCheckState = "passing" | "failing" | "pending" | "skipped";

export interface CiRunCheck {
  /** The check's name: for a command, the command as written. */
  name: string;
  state: CiCheckState;
  exitCode?: number | null;
  /** Where its full output is (a path or URL). */
  log?: string;
}

/** One CI run for one head commit of a branch (what `ao ci` lists). */
export interface CiRun {
  branch: string;
  sha: string;
  state: Exclude<CiState, "none">;
  /** ISO 8601. */
  startedAt: string;
  finishedAt?: string;
  checks: CiRunCheck[];
  /** Why the run failed without a failing check (it crashed, or had nowhere to run). */
  reason?: string;
}

/** A webhook delivery as the daemon received it on `POST /webhooks/<scm name>`. */
export interface WebhookRequest {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body byte for byte, as a signature covers it. Never log it. */
  readonly body: Buffer;
  /** The shared secret (config `daemon.webhookSecretEnv`); the daemon refuses before asking when unset. */
  readonly secret: string;
}

/** What a verified delivery is about; core matches it against the active sessions. */
export interface WebhookSubject {
  /** The repository as a project's `repo` names it (owner/name); undefined when the event names none. */
  readonly repository: string | undefined;
  readonly branches: readonly string[];
  readonly pullRequests: readonly number[];
}

/** The event's kind and delivery id (for the log line), when the request says them. */
interface WebhookLabels {
  readonly event?: string | undefined;
  readonly delivery?: string | undefined;
}

export type WebhookVerdict =
  | (WebhookLabels & { readonly verified: true; readonly about: WebhookSubject })
  | (WebhookLabels & {
      readonly verified: false;
      /** 401: not provably from the forge (bad or missing signature); 400: signed but unreadable. */
      readonly status: 400 | 401;
      /** For the sender and the daemon's log; never a part of the body. */
      readonly error: string;
    });

/** What an scm that watches its own state reports changed: the branches and pull requests it is about. */
export interface ScmChange {
  readonly branches: readonly string[];
  readonly pullRequests: readonly number[];
}

export interface Scm {
  /** Pushes the branch from the workspace to its remote (never force). */
  push(worktree: string, branch: string): Promise<void>;
  /** The most recent PR for the branch in any state, or null. */
  findPullRequest(branch: string): Promise<PullRequest | null>;
  /** The PR with this number in any state, or null when the forge has none (`ao session claim-pr`). */
  getPullRequest?(number: number): Promise<PullRequest | null>;
  openPullRequest(input: OpenPullRequestInput): Promise<PullRequest>;
  /** One entry per PR that exists; an unknown number is absent, not an error. */
  observe(prs: PullRequestRef[], options?: ObserveOptions): Promise<Map<number, PullRequestObservation>>;
  /** Rejects with E_MERGE_REJECTED when the PR is not open, not mergeable, or its head moved. */
  merge(pr: PullRequestRef, options: MergeOptions): Promise<void>;
  /** Records a review; returns the thread it opened, if it opened one. */
  review?(pr: PullRequestRef, input: ReviewInput): Promise<ReviewThread | undefined>;
  /**
   * Posts one review requesting changes with its line comments (forges with a review UI of their
   * own, where the person chose to review there); the changes-requested reaction then delivers it.
   */
  postLineReview?(pr: PullRequestRef, review: LineReview): Promise<void>;
  /** Marks a review thread resolved; observe stops reporting it. */
  resolveThread?(pr: PullRequestRef, threadId: string): Promise<void>;
  /** The CI runs of a branch, newest first. */
  ciRuns?(branch: string): Promise<CiRun[]>;
  /** The whole output of a branch's run for one head commit, check after check. */
  ciLog?(branch: string, sha: string): Promise<string>;
  /**
   * Verifies a webhook delivery with the forge's own signature scheme and reads what it is about
   * from the forge's headers and payload shapes. Offering it mounts `POST /webhooks/<scm name>` on
   * the daemon. Unknown event shapes are verified with empty lists, not refused.
   */
  parseWebhook?(request: WebhookRequest): Promise<WebhookVerdict>;
  /**
   * Reports, as soon as it happens, a change `observe` would see that no webhook announces (scm/local:
   * a CI run it started finished), so the daemon looks at those sessions at once instead of at its
   * next poll. Only the daemon calls it, once per instance; the function it returns stops the
   * watching. Best effort: what it misses, the poll still sees.
   */
  watchChanges?(onChange: (change: ScmChange) => void): () => void;
  /**
   * What the merge train needs of a forge whose branches live on a remote (docs/merge-train.md,
   * "On GitHub"); absent, the train works on the main checkout's branches (scm/local).
   */
  train?: ScmTrain;
}

/** A pull request in the forge's own merge queue, as the train follows it. */
export type ForgeQueueEntry =
  | { readonly state: "queued"; readonly position: number | null; readonly detail: string }
  /** Not in the queue: never enqueued, or removed (with the forge's reason when it gives one). */
  | { readonly state: "absent"; readonly removedReason: string | null };

export interface ScmTrain {
  /** Fetches the remote's `branch` into the repository; its head as the forge says it (undefined: none). */
  fetchBase(repo: string, branch: string): Promise<string | undefined>;
  /**
   * Points the remote branch at `to` only while it is at `from` (a force-with-lease push: the
   * agent's own push since is never overwritten). `worktree` is where the commit is.
   */
  pushUpdate(worktree: string, branch: string, move: { from: string; to: string }): Promise<void>;
  /** CI of `sha` as merging into `base` requires it: the base branch's required checks (all, when none are). */
  requiredCi(base: string, sha: string): Promise<CiStatus & { required: string[] | null }>;
  /** Whether merges into `base` go through the forge's own merge queue. */
  mergeQueue(base: string): Promise<boolean>;
  /** Puts the pull request in the forge's merge queue, refused unless its head is `sha`. */
  enqueue(pr: PullRequestRef, sha: string): Promise<void>;
  queueEntry(pr: PullRequestRef): Promise<ForgeQueueEntry>;
}
