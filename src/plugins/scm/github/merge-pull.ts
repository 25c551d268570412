import { AoError, type MergeOptions, type PullRequestRef } from "../../../core/plugin-api.js";
import { gitHubApiError, statusOf } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

const REFUSALS: Record<number, { why: string; hint: string }> = {
  405: {
    why: "GitHub says it is not mergeable",
    hint: "it may conflict, be closed, or wait for required checks or reviews",
  },
  409: {
    why: "its head moved since it was observed",
    hint: "the next poll observes the new head; merge after its CI and review",
  },
  422: {
    why: "GitHub refused the merge",
    hint: "check the repository's allowed merge methods and branch protection",
  },
};

/**
 * `PUT /pulls/{n}/merge` with the observed head as `sha`: GitHub refuses if the head moved. Without
 * a method in the options, the plugin's `mergeMethod` option decides.
 */
export async function mergePull(
  env: GitHubScmEnv,
  ref: PullRequestRef,
  options: MergeOptions,
): Promise<void> {
  const client = await env.client();
  try {
    await client.rest.pulls.merge({
      owner: env.repo.owner,
      repo: env.repo.repo,
      pull_number: ref.number,
      sha: options.sha,
      merge_method: options.method ?? env.mergeMethod,
    });
  } catch (error) {
    const refusal = REFUSALS[statusOf(error) ?? 0];
    if (refusal === undefined) throw gitHubApiError(error, `merging pull request #${String(ref.number)}`);
    const said = error instanceof Error ? ` (${error.message.split(" - ")[0] ?? ""})` : "";
    throw new AoError(
      "E_MERGE_REJECTED",
      `pull request #${String(ref.number)} was not merged: ${refusal.why}${said}`,
      {
        hint: refusal.hint,
        cause: error,
        details: { number: ref.number, sha: options.sha, status: statusOf(error) },
      },
    );
  }
}
