import type { ObserveOptions, PullRequestObservation, PullRequestRef } from "../../../core/plugin-api.js";
import { gitHubApiError } from "../../_shared/github/api-error.js";
import { EtagCache } from "../../_shared/github/etag-cache.js";
import { JobLogCache } from "./job-logs.js";
import { toObservation } from "./observation.js";
import { BATCH_SIZE, fetchPulls, type PullNode } from "./pull-query.js";
import type { GitHubScmEnv } from "./scm-env.js";

/** What the poller remembers about a PR between cycles. */
interface Known {
  observation: PullRequestObservation;
  updatedAt: string;
  /** Observations in a row with no CI at this head: checks may not have been created yet. */
  quietLooks: number;
}

interface ListedPull {
  number: number;
  updated_at: string;
  merged_at: string | null;
  head: { sha: string };
}

const LIST_PAGE = 100;
const QUIET_LOOKS_BEFORE_SETTLED = 3;

/**
 * Cheap polling (docs/scm-github.md): one conditional REST request — the repository's PRs by
 * last update, If-None-Match — says which PRs changed; GraphQL (25 PRs per query) is asked only
 * about those, about PRs whose CI or mergeability was still unsettled, and about every PR on each
 * Nth call, or when the caller says something changed (`fresh`: a webhook; a check run on the same
 * head does not touch the listing). A 304 costs no rate limit, so a settled project polls for free.
 */
export class PullPoller {
  private readonly known = new Map<number, Known>();
  private readonly listing = new EtagCache(4);
  readonly logs = new JobLogCache();
  private calls = 0;

  constructor(private readonly env: GitHubScmEnv) {}

  /** After ao itself changed a PR (merge, review): ask about it on the next call, whatever the listing says. */
  invalidate(number: number): void {
    const known = this.known.get(number);
    if (known) known.updatedAt = "";
  }

  async observe(
    refs: readonly PullRequestRef[],
    options: ObserveOptions = {},
  ): Promise<Map<number, PullRequestObservation>> {
    const numbers = [...new Set(refs.map((ref) => ref.number))];
    if (numbers.length === 0) return new Map();
    const fullRefresh = this.calls++ % this.env.tuning.fullRefreshEvery === 0;
    const listed = await this.listRecent();
    const complete = listed.length < LIST_PAGE;
    const byNumber = new Map(listed.map((pull) => [pull.number, pull]));
    // A merge moves the base: every other open PR's mergeability may have changed with it.
    const baseMoved = listed.some(
      (pull) => pull.merged_at !== null && this.known.get(pull.number)?.observation.state === "open",
    );
    const stale = numbers.filter((n) => {
      if (complete && !byNumber.has(n)) return false; // the repository has no such PR
      return options.fresh === true || fullRefresh || baseMoved || this.isStale(n, byNumber.get(n));
    });
    for (let i = 0; i < stale.length; i += BATCH_SIZE) await this.refresh(stale.slice(i, i + BATCH_SIZE));
    await this.settleMergeable(stale);
    const result = new Map<number, PullRequestObservation>();
    for (const n of numbers) {
      const known = this.known.get(n);
      if (known) result.set(n, known.observation);
    }
    return result;
  }

  private isStale(number: number, listed: ListedPull | undefined): boolean {
    const known = this.known.get(number);
    if (!known) return true;
    const { observation } = known;
    if (listed && (listed.updated_at !== known.updatedAt || listed.head.sha !== observation.headSha))
      return true;
    if (observation.state !== "open") return false;
    if (observation.mergeable === null || observation.ci.state === "pending") return true;
    return observation.ci.state === "none" && known.quietLooks < QUIET_LOOKS_BEFORE_SETTLED;
  }

  private async listRecent(): Promise<ListedPull[]> {
    const client = await this.env.client();
    const { owner, repo } = this.env.repo;
    const params = { owner, repo, state: "all", sort: "updated", direction: "desc", per_page: LIST_PAGE };
    try {
      return (await this.listing.get<ListedPull[]>(client, "GET /repos/{owner}/{repo}/pulls", params)).data;
    } catch (error) {
      throw gitHubApiError(error, `listing the pull requests of ${owner}/${repo}`);
    }
  }

  private async refresh(numbers: readonly number[]): Promise<void> {
    for (const node of await fetchPulls(this.env, numbers)) await this.remember(node);
  }

  private async remember(node: PullNode): Promise<void> {
    const { observation, failing } = toObservation(node, this.env.trustedAuthors);
    for (const [index, check] of failing.entries()) {
      if (check.jobId === undefined || observation.ci.failing[index] === undefined) continue;
      const tail = await this.logs.tail(this.env, check.jobId);
      if (tail !== undefined) observation.ci.failing[index].logTail = tail;
    }
    const before = this.known.get(node.number);
    const sameQuietHead =
      before?.observation.headSha === observation.headSha && observation.ci.state === "none";
    this.known.set(node.number, {
      observation,
      updatedAt: node.updatedAt,
      quietLooks: sameQuietHead ? before.quietLooks + 1 : 0,
    });
  }

  /** GitHub computes mergeability lazily: look again briefly before reporting "unknown" (null). */
  private async settleMergeable(numbers: readonly number[]): Promise<void> {
    for (let attempt = 0; attempt < this.env.tuning.mergeableRetries; attempt++) {
      const unknown = numbers.filter((n) => {
        const observation = this.known.get(n)?.observation;
        return observation?.state === "open" && observation.mergeable === null;
      });
      if (unknown.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, this.env.tuning.mergeableRetryDelayMs));
      for (let i = 0; i < unknown.length; i += BATCH_SIZE)
        await this.refresh(unknown.slice(i, i + BATCH_SIZE));
    }
  }
}
