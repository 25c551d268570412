import { mergeBranch, type FakeMergeMethod } from "./git-side.js";
import { withPull } from "./in-repo.js";
import { errorResponse, type FakeRoute } from "./route.js";
import type { FakeGitHubState } from "./state.js";

/**
 * `PUT /pulls/:number/merge` as GitHub answers it: 409 when `sha` is not the head any more, 405
 * when the PR is closed or not mergeable, when its base merges through a merge queue, or when a
 * check branch protection requires is not green on the head; otherwise the base branch in the bare repo really moves.
 */
export function mergeRoutes(state: FakeGitHubState): FakeRoute[] {
  return [
    {
      method: "PUT",
      path: "/repos/:owner/:repo/pulls/:number/merge",
      handle: withPull(state, (repo, pull, req) => {
        const body = (req.body ?? {}) as {
          sha?: string;
          merge_method?: FakeMergeMethod;
          commit_title?: string;
        };
        if (pull.state !== "open") return errorResponse(405, "Pull Request is not mergeable");
        if (state.hasMergeQueue(repo.fullName, pull.base))
          return errorResponse(405, "Changes must be made through the merge queue");
        if (body.sha !== undefined && body.sha !== pull.headSha)
          return errorResponse(409, "Head branch was modified. Review and try the merge again.");
        const missing = state.unmetRequiredChecks(repo.fullName, pull.base, pull.headSha);
        if (missing.length > 0)
          return errorResponse(405, `Required status check "${missing[0] ?? ""}" is expected.`);
        if (state.mergeableOf(pull) === "CONFLICTING")
          return errorResponse(405, "Pull Request is not mergeable");
        const method = body.merge_method ?? "merge";
        const title = body.commit_title ?? `${pull.title} (#${String(pull.number)})`;
        let sha: string;
        try {
          sha = mergeBranch(repo.origin, pull.base, pull.headSha, method, title);
          state.invalidate();
        } catch {
          return errorResponse(405, "Pull Request is not mergeable");
        }
        const at = state.tick();
        Object.assign(pull, {
          state: "closed",
          merged: true,
          mergeCommitSha: sha,
          mergedAt: at,
          closedAt: at,
          updatedAt: at,
        });
        return { status: 200, body: { sha, merged: true, message: "Pull Request successfully merged" } };
      }),
    },
  ];
}
