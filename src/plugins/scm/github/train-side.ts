import { AoError, git, type ScmTrain } from "../../../core/plugin-api.js";
import { gitHubApiError, statusOf } from "../../_shared/github/api-error.js";
import { enqueuePull, hasMergeQueue, queueEntryOf } from "./merge-queue.js";
import { pushBranch } from "./push-branch.js";
import { requiredCi } from "./required-ci.js";
import type { GitHubScmEnv } from "./scm-env.js";

/** What the merge train does through scm/github (docs/merge-train.md, "On GitHub"). */
export function githubTrainSide(env: GitHubScmEnv): ScmTrain {
  return {
    fetchBase: (repo, branch) => fetchBase(env, repo, branch),
    pushUpdate: (worktree, branch, move) => pushBranch(env, worktree, branch, move),
    requiredCi: (base, sha) => requiredCi(env, base, sha),
    mergeQueue: (base) => hasMergeQueue(env, base),
    enqueue: (ref, sha) => enqueuePull(env, ref, sha),
    queueEntry: (ref) => queueEntryOf(env, ref),
  };
}

/**
 * The default branch's head as GitHub says it (`GET /branches/{branch}`), its commits fetched into
 * the repository from the remote (`refs/remotes/<remote>/<branch>`), hooks off and without ao's
 * token in git's environment. The API, not the remote's URL the repository's config names, says
 * which commit it is: a fetch that did not bring it is an error.
 */
async function fetchBase(env: GitHubScmEnv, repo: string, branch: string): Promise<string | undefined> {
  const sha = await branchSha(env, branch);
  if (sha === undefined) return undefined;
  const noToken = { GITHUB_TOKEN: undefined, GH_TOKEN: undefined };
  const has = async () =>
    !(await git(env.ctx, repo, ["cat-file", "-e", `${sha}^{commit}`], { reject: false, env: noToken }))
      .failed;
  if (await has()) return sha;
  const refspec = `+refs/heads/${branch}:refs/remotes/${env.remote}/${branch}`;
  const args = ["-c", "core.hooksPath=/dev/null", "fetch", "--quiet", "--no-tags", env.remote, refspec];
  const fetched = await git(env.ctx, repo, args, { reject: false, env: noToken, timeoutMs: 120_000 });
  if (await has()) return sha;
  throw new AoError(
    "E_EXEC_FAILED",
    `fetching ${branch} from ${env.remote} did not bring ${sha.slice(0, 12)}`,
    {
      hint: fetched.stderr.trim() || `check that ${env.remote} is ${env.repo.owner}/${env.repo.repo}`,
      details: { branch, remote: env.remote },
    },
  );
}

async function branchSha(env: GitHubScmEnv, branch: string): Promise<string | undefined> {
  const client = await env.client();
  try {
    const { data } = await client.rest.repos.getBranch({
      owner: env.repo.owner,
      repo: env.repo.repo,
      branch,
    });
    return data.commit.sha;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw gitHubApiError(error, `reading the branch ${branch}`);
  }
}
