import { AoError } from "../../src/core/errors.js";
import type {
  CiStatus,
  MergeOptions,
  ObserveOptions,
  OpenPullRequestInput,
  PullRequest,
  PullRequestObservation,
  PullRequestRef,
  ReviewStatus,
  Scm,
} from "../../src/core/slots/index.js";

interface FakePullRequest extends PullRequest {
  body: string;
  ci: CiStatus;
  review: ReviewStatus;
  mergeable: boolean | null;
  conflicts: boolean;
  mergedWith?: MergeOptions["method"];
}

/**
 * A forge in memory. Commits are counters: `commit(worktree)` moves a checkout's head, `push`
 * publishes it, and PRs follow their branch's pushed head. Tests play the forge's other actors
 * with `setCi`, `setReview`, `setMergeable` and `close`, and can count `observe` calls to check
 * batching.
 */
export class FakeScm implements Scm {
  readonly pushes: { worktree: string; branch: string; sha: string }[] = [];
  readonly observeCalls: number[][] = [];
  /** The options of each observe call, in step with observeCalls. */
  readonly observeOptions: (ObserveOptions | undefined)[] = [];
  readonly merges: { number: number; sha: string; method: MergeOptions["method"] }[] = [];
  private readonly heads = new Map<string, string>();
  private readonly remote = new Map<string, string>();
  private readonly prs = new Map<number, FakePullRequest>();
  private shaCounter = 0;

  /** A new commit in a checkout (its head moves). */
  commit(worktree: string): string {
    const sha = this.nextSha();
    this.heads.set(worktree, sha);
    return sha;
  }

  remoteHead(branch: string): string | null {
    return this.remote.get(branch) ?? null;
  }

  push(worktree: string, branch: string): Promise<void> {
    const sha = this.heads.get(worktree) ?? this.commit(worktree);
    this.remote.set(branch, sha);
    this.pushes.push({ worktree, branch, sha });
    for (const pr of this.prs.values()) {
      if (pr.branch === branch && pr.state === "open" && pr.headSha !== sha) {
        // A new head means new CI; reviews stay, as on GitHub.
        Object.assign(pr, { headSha: sha, ci: { state: "pending", failing: [] } });
      }
    }
    return Promise.resolve();
  }

  findPullRequest(branch: string): Promise<PullRequest | null> {
    const found = [...this.prs.values()].filter((pr) => pr.branch === branch).pop();
    return Promise.resolve(found ? publicPr(found) : null);
  }

  openPullRequest(input: OpenPullRequestInput): Promise<PullRequest> {
    const headSha = this.remote.get(input.branch);
    if (headSha === undefined) {
      return Promise.reject(new AoError("E_NOT_FOUND", `branch ${input.branch} was not pushed`));
    }
    if ([...this.prs.values()].some((pr) => pr.branch === input.branch && pr.state === "open")) {
      return Promise.reject(new AoError("E_EXISTS", `an open pull request for ${input.branch} exists`));
    }
    const number = this.prs.size + 1;
    const pr: FakePullRequest = {
      number,
      url: `https://forge.invalid/pull/${number}`,
      branch: input.branch,
      base: input.base,
      title: input.title,
      body: input.body,
      state: "open",
      draft: input.draft ?? false,
      headSha,
      ci: { state: "pending", failing: [] },
      review: { decision: "none", threads: [] },
      mergeable: true,
      conflicts: false,
    };
    this.prs.set(number, pr);
    return Promise.resolve(publicPr(pr));
  }

  observe(refs: PullRequestRef[], options?: ObserveOptions): Promise<Map<number, PullRequestObservation>> {
    this.observeCalls.push(refs.map((ref) => ref.number));
    this.observeOptions.push(options);
    const observations = new Map<number, PullRequestObservation>();
    for (const ref of refs) {
      const pr = this.prs.get(ref.number);
      if (pr) observations.set(pr.number, observation(pr));
    }
    return Promise.resolve(observations);
  }

  merge(ref: PullRequestRef, options: MergeOptions): Promise<void> {
    const pr = this.prs.get(ref.number);
    const refusal =
      pr === undefined
        ? "it does not exist"
        : pr.state !== "open"
          ? `it is ${pr.state}`
          : pr.headSha !== options.sha
            ? `its head moved to ${pr.headSha}`
            : pr.mergeable === false
              ? "it is not mergeable"
              : undefined;
    if (refusal !== undefined || pr === undefined) {
      return Promise.reject(
        new AoError("E_MERGE_REJECTED", `pull request #${ref.number} was not merged: ${refusal}`),
      );
    }
    Object.assign(pr, { state: "merged", mergedWith: options.method });
    this.merges.push({ number: pr.number, sha: options.sha, method: options.method });
    return Promise.resolve();
  }

  setCi(number: number, ci: CiStatus): void {
    this.pr(number).ci = structuredClone(ci);
  }

  setReview(number: number, review: ReviewStatus): void {
    this.pr(number).review = structuredClone(review);
  }

  setMergeable(number: number, mergeable: boolean | null, conflicts = mergeable === false): void {
    Object.assign(this.pr(number), { mergeable, conflicts });
  }

  /** Someone closed the PR (or merged it by hand, with `merged`). */
  close(number: number, state: "closed" | "merged" = "closed"): void {
    this.pr(number).state = state;
  }

  private pr(number: number): FakePullRequest {
    const pr = this.prs.get(number);
    if (!pr) throw new Error(`FakeScm: no pull request #${number}`);
    return pr;
  }

  private nextSha(): string {
    this.shaCounter += 1;
    return this.shaCounter.toString(16).padStart(40, "0");
  }
}

function publicPr(pr: FakePullRequest): PullRequest {
  const { number, url, branch, base, title, state, draft, headSha } = pr;
  return { number, url, branch, base, title, state, draft, headSha };
}

function observation(pr: FakePullRequest): PullRequestObservation {
  return {
    number: pr.number,
    state: pr.state,
    headSha: pr.headSha,
    ci: structuredClone(pr.ci),
    review: structuredClone(pr.review),
    mergeable: pr.mergeable,
    conflicts: pr.conflicts,
  };
}
