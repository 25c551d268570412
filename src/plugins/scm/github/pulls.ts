import type { OpenPullRequestInput, PullRequest } from "../../../core/plugin-api.js";
import { gitHubApiError, statusOf } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

/** The fields of GitHub's pull-request JSON that ao reads (list and single answers both have them). */
export interface PullJson {
  number: number;
  html_url: string;
  title: string;
  state: string;
  draft?: boolean | undefined;
  merged_at: string | null;
  head: { ref: string; sha: string };
  base: { ref: string };
}

export function toPullRequest(json: PullJson): PullRequest {
  return {
    number: json.number,
    url: json.html_url,
    branch: json.head.ref,
    base: json.base.ref,
    title: json.title,
    state: json.merged_at !== null ? "merged" : json.state === "open" ? "open" : "closed",
    draft: json.draft ?? false,
    headSha: json.head.sha,
  };
}

/** The newest PR (any state) whose head is this branch of this repository. */
export async function findPull(env: GitHubScmEnv, branch: string): Promise<PullRequest | null> {
  const client = await env.client();
  try {
    const { data } = await client.rest.pulls.list({
      owner: env.repo.owner,
      repo: env.repo.repo,
      head: `${env.repo.owner}:${branch}`,
      state: "all",
      sort: "created",
      direction: "desc",
      per_page: 10,
    });
    const newest = data[0];
    return newest === undefined ? null : toPullRequest(newest);
  } catch (error) {
    throw gitHubApiError(error, `looking up the pull request of ${branch}`);
  }
}

/** The PR with this number in this repository (any state); null on GitHub's 404. */
export async function getPull(env: GitHubScmEnv, number: number): Promise<PullRequest | null> {
  const client = await env.client();
  try {
    const { data } = await client.rest.pulls.get({
      owner: env.repo.owner,
      repo: env.repo.repo,
      pull_number: number,
    });
    return toPullRequest(data);
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw gitHubApiError(error, `looking up pull request #${String(number)}`);
  }
}

/**
 * Opens the PR. GitHub's 422 "A pull request already exists" (the agent opened it itself, or an
 * earlier cycle did) is answered with that PR; a repository without drafts gets a ready PR.
 */
export async function openPull(env: GitHubScmEnv, input: OpenPullRequestInput): Promise<PullRequest> {
  const client = await env.client();
  const create = (draft: boolean) =>
    client.rest.pulls.create({
      owner: env.repo.owner,
      repo: env.repo.repo,
      head: input.branch,
      base: input.base,
      title: input.title,
      body: input.body,
      draft,
    });
  const draft = input.draft ?? env.draft;
  try {
    return toPullRequest((await create(draft)).data);
  } catch (error) {
    const why = validationText(error);
    if (statusOf(error) === 422 && /already exists/i.test(why)) {
      const existing = await findPull(env, input.branch);
      if (existing !== null && existing.state === "open") return existing;
    }
    if (draft && statusOf(error) === 422 && /draft/i.test(why)) {
      env.ctx.logger.warn("github: draft pull requests are not available here; opening a ready one", {
        branch: input.branch,
      });
      return toPullRequest(
        (
          await create(false).catch((again: unknown) =>
            Promise.reject(gitHubApiError(again, `opening a pull request for ${input.branch}`)),
          )
        ).data,
      );
    }
    throw gitHubApiError(error, `opening a pull request for ${input.branch}${why ? ` (${why})` : ""}`);
  }
}

/** GitHub puts the reason for a 422 in `errors[].message`, not in the top-level message. */
function validationText(error: unknown): string {
  const data = (error as { response?: { data?: { message?: string; errors?: unknown[] } } }).response?.data;
  const parts = (data?.errors ?? []).map((item) =>
    typeof item === "string"
      ? item
      : ((item as { message?: string; field?: string; code?: string }).message ??
        `${String((item as { field?: string }).field)} ${String((item as { code?: string }).code)}`),
  );
  return [data?.message, ...parts].filter(Boolean).join("; ");
}
