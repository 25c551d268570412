import { branchHeads, previewMerge } from "./git-side.js";

/** The fake forge's memory: repositories (backed by bare repos on disk), PRs, CI, reviews, threads. */
export interface FakeUser {
  login: string;
  type: "User" | "Bot";
}

export interface FakeRepo {
  id: number;
  owner: string;
  name: string;
  fullName: string;
  /** The bare repository that pushes land in. */
  origin: string;
  defaultBranch: string;
}

export interface FakePull {
  repo: string;
  id: number;
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  draft: boolean;
  state: "open" | "closed";
  merged: boolean;
  mergeCommitSha: string | null;
  author: FakeUser;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  /** The head as last seen in the bare repo; frozen once the PR is closed. */
  headSha: string;
  /** Pinned by a test (null = "still computing"); undefined = computed from git. */
  mergeable?: boolean | null;
  /** How many more answers report mergeable as unknown before it is computed. */
  unknownAnswers: number;
  /** Its entry in the base branch's merge queue (GraphQL `mergeQueueEntry`), while it is in it. */
  queueEntry?: FakeQueueEntry | undefined;
  /** Its `RemovedFromMergeQueueEvent`s, oldest first. */
  queueRemovals?: { reason: string; createdAt: string }[];
}

/** GitHub's MergeQueueEntry: AWAITING_CHECKS, LOCKED, MERGEABLE, QUEUED, UNMERGEABLE. */
export interface FakeQueueEntry {
  id: string;
  state: "AWAITING_CHECKS" | "LOCKED" | "MERGEABLE" | "QUEUED" | "UNMERGEABLE";
  enqueuedAt: string;
  headOid: string;
}

export type CheckConclusion =
  "success" | "failure" | "neutral" | "cancelled" | "skipped" | "timed_out" | "action_required";

export interface FakeCheckRun {
  id: number;
  repo: string;
  headSha: string;
  name: string;
  status: "queued" | "in_progress" | "completed";
  conclusion: CheckConclusion | null;
  /** The job's log, served by /actions/jobs/:id/logs (as for GitHub Actions jobs). */
  log?: string;
  startedAt: string;
  completedAt: string | null;
}

export interface FakeStatus {
  id: number;
  repo: string;
  sha: string;
  context: string;
  state: "error" | "failure" | "pending" | "success";
  targetUrl: string | null;
  description: string | null;
  createdAt: string;
}

export interface FakeReview {
  id: number;
  repo: string;
  pull: number;
  user: FakeUser;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED";
  body: string;
  commitId: string;
  submittedAt: string;
}

/** GitHub's CommentAuthorAssociation: the comment author's relation to the repository. */
export type FakeAssociation =
  | "OWNER"
  | "MEMBER"
  | "COLLABORATOR"
  | "CONTRIBUTOR"
  | "FIRST_TIME_CONTRIBUTOR"
  | "FIRST_TIMER"
  | "MANNEQUIN"
  | "NONE";

export interface FakeComment {
  id: number;
  author: FakeUser;
  /** Unset: OWNER for the repository's owner, NONE for a bot, else COLLABORATOR (see associationOf). */
  association?: FakeAssociation;
  body: string;
  createdAt: string;
}

/**
 * What GitHub would say of a comment's author. The fake's people are collaborators unless a test
 * says otherwise (an outsider is seeded with `association: "NONE"`); an app's bot account has no
 * relation to the repository, as on GitHub.
 */
export function associationOf(repo: string, comment: FakeComment): FakeAssociation {
  if (comment.association !== undefined) return comment.association;
  if (comment.author.login === repo.split("/")[0]) return "OWNER";
  return comment.author.type === "Bot" ? "NONE" : "COLLABORATOR";
}

export interface FakeThread {
  id: string;
  repo: string;
  pull: number;
  path: string;
  line: number | null;
  isResolved: boolean;
  comments: FakeComment[];
}

export class FakeGitHubState {
  readonly repos = new Map<string, FakeRepo>();
  readonly pulls: FakePull[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  readonly statuses: FakeStatus[] = [];
  readonly reviews: FakeReview[] = [];
  readonly threads: FakeThread[] = [];
  /** Branch protection's required status checks, by `owner/repo:branch` (lower case). */
  readonly requiredChecks = new Map<string, string[]>();
  /** Branches with a merge queue, as `owner/repo:branch` (lower case). */
  readonly mergeQueues = new Set<string>();
  /** The user the token belongs to. */
  viewer: FakeUser = { login: "octocat", type: "User" };
  /** Set by the server once it listens. */
  apiUrl = "http://127.0.0.1";
  /** The web origin of html_url fields. */
  webUrl = "https://github.invalid";
  private ids = 1000;
  // A fake clock moving one second per change: GitHub's timestamps have second precision, and two
  // changes in the same real second must still give a PR a new updated_at.
  private time = Date.parse("2026-01-01T00:00:00Z");

  private numbers = new Map<string, number>();

  /** Issues and pull requests share one number sequence per repository, as on GitHub. */
  nextNumber(repo: string): number {
    const next = (this.numbers.get(repo.toLowerCase()) ?? 0) + 1;
    this.numbers.set(repo.toLowerCase(), next);
    return next;
  }

  nextId(): number {
    return ++this.ids;
  }

  tick(): string {
    this.time += 1000;
    return new Date(this.time).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  addRepo(fullName: string, origin: string, defaultBranch = "main"): FakeRepo {
    const [owner = "", name = ""] = fullName.split("/");
    const repo = { id: this.nextId(), owner, name, fullName, origin, defaultBranch };
    this.repos.set(fullName.toLowerCase(), repo);
    return repo;
  }

  repo(owner: string, name: string): FakeRepo | undefined {
    return this.repos.get(`${owner}/${name}`.toLowerCase());
  }

  private readonly headCache = new Map<string, Map<string, string>>();

  /**
   * Forgets the branch heads read from git. The server calls it before every request and the
   * controls before every change, so within one answer git is read once, and between answers a
   * push is always seen.
   */
  invalidate(): void {
    this.headCache.clear();
  }

  /** A branch's head in the repository's bare repo, or null when it does not exist. */
  headOf(repo: string, branch: string): string | null {
    const key = repo.toLowerCase();
    let heads = this.headCache.get(key);
    if (!heads) {
      const origin = this.repos.get(key)?.origin;
      heads = origin === undefined ? new Map<string, string>() : branchHeads(origin);
      this.headCache.set(key, heads);
    }
    return heads.get(branch) ?? null;
  }

  /** The PR with its head refreshed from git: a push since the last look bumps updated_at. */
  pull(repo: string, number: number): FakePull | undefined {
    const pull = this.pulls.find((p) => p.repo === repo && p.number === number);
    if (pull) this.refreshHead(pull);
    return pull;
  }

  pullsOf(repo: string): FakePull[] {
    const pulls = this.pulls.filter((p) => p.repo === repo);
    for (const pull of pulls) this.refreshHead(pull);
    return pulls;
  }

  /** Marks a PR as changed (a review, a thread, an edit): what GitHub's updated_at reflects. */
  touch(pull: FakePull): void {
    pull.updatedAt = this.tick();
  }

  private refreshHead(pull: FakePull): void {
    if (pull.state !== "open") return;
    const head = this.headOf(pull.repo, pull.head);
    if (head !== null && head !== pull.headSha) {
      pull.headSha = head;
      this.touch(pull);
    }
  }

  /** MERGEABLE / CONFLICTING / UNKNOWN, as GraphQL says it; REST maps it to true / false / null. */
  mergeableOf(pull: FakePull): "MERGEABLE" | "CONFLICTING" | "UNKNOWN" {
    if (pull.state !== "open") return "UNKNOWN";
    if (pull.unknownAnswers > 0) {
      pull.unknownAnswers--;
      return "UNKNOWN";
    }
    if (pull.mergeable === null) return "UNKNOWN";
    if (pull.mergeable !== undefined) return pull.mergeable ? "MERGEABLE" : "CONFLICTING";
    return this.mergePreview(pull).clean ? "MERGEABLE" : "CONFLICTING";
  }

  conflictsOf(pull: FakePull): string[] {
    return this.mergePreview(pull).conflictingFiles;
  }

  private mergePreview(pull: FakePull): ReturnType<typeof previewMerge> {
    const origin = this.repos.get(pull.repo.toLowerCase())!.origin;
    const base = this.headOf(pull.repo, pull.base);
    return base === null ? { clean: false, conflictingFiles: [] } : previewMerge(origin, base, pull.headSha);
  }

  /** APPROVED / CHANGES_REQUESTED from each reviewer's latest review; REVIEW_REQUIRED when none decided. */
  reviewDecisionOf(pull: FakePull): "APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED" | null {
    const latest = new Map<string, FakeReview["state"]>();
    for (const review of this.reviews.filter((r) => r.repo === pull.repo && r.pull === pull.number)) {
      if (review.state !== "COMMENTED") latest.set(review.user.login, review.state);
    }
    const states = [...latest.values()];
    if (states.includes("CHANGES_REQUESTED")) return "CHANGES_REQUESTED";
    if (states.includes("APPROVED")) return "APPROVED";
    return this.reviews.some((r) => r.repo === pull.repo && r.pull === pull.number)
      ? "REVIEW_REQUIRED"
      : null;
  }

  checkRunsAt(repo: string, sha: string): FakeCheckRun[] {
    return this.checkRuns.filter((run) => run.repo === repo && run.headSha === sha);
  }

  /** The latest status per context, as GitHub's rollup shows them. */
  statusesAt(repo: string, sha: string): FakeStatus[] {
    const latest = new Map<string, FakeStatus>();
    for (const status of this.statuses.filter((s) => s.repo === repo && s.sha === sha)) {
      latest.set(status.context, status);
    }
    return [...latest.values()];
  }

  /** The base branch's required checks that are not green on `sha` (a check run, else a status). */
  unmetRequiredChecks(repo: string, branch: string, sha: string): string[] {
    const required = this.requiredChecks.get(`${repo}:${branch}`.toLowerCase()) ?? [];
    const green = (name: string): boolean => {
      const run = this.checkRunsAt(repo, sha)
        .filter((r) => r.name === name)
        .at(-1);
      if (run !== undefined) return ["success", "neutral", "skipped"].includes(run.conclusion ?? "");
      return this.statusesAt(repo, sha).find((s) => s.context === name)?.state === "success";
    };
    return required.filter((name) => !green(name));
  }

  hasMergeQueue(repo: string, branch: string): boolean {
    return this.mergeQueues.has(`${repo}:${branch}`.toLowerCase());
  }

  /** The open pull requests in a branch's merge queue, in the order they entered. */
  mergeQueueOf(repo: string, branch: string): FakePull[] {
    return this.pullsOf(repo)
      .filter((pull) => pull.base === branch && pull.queueEntry !== undefined)
      .sort((a, b) => (a.queueEntry?.enqueuedAt ?? "").localeCompare(b.queueEntry?.enqueuedAt ?? ""));
  }

  threadsOf(repo: string, number: number): FakeThread[] {
    return this.threads.filter((thread) => thread.repo === repo && thread.pull === number);
  }
}
