import { inRepo } from "./in-repo.js";
import { errorResponse, type FakeRoute } from "./route.js";
import type { FakeGitHubState } from "./state.js";

/**
 * Branches and their protection, as far as the merge train reads them: `GET /branches/{branch}`
 * (its head commit) and `GET /branches/{branch}/protection/required_status_checks` (404 "Branch
 * not protected" when none are required, as GitHub answers).
 */
export function branchRoutes(state: FakeGitHubState): FakeRoute[] {
  return [
    {
      method: "GET",
      path: "/repos/:owner/:repo/branches/:branch",
      handle: inRepo(state, (repo, _req, params) => {
        const name = params["branch"] ?? "";
        const sha = state.headOf(repo.fullName, name);
        if (sha === null) return errorResponse(404, "Branch not found");
        const required = state.requiredChecks.get(`${repo.fullName}:${name}`.toLowerCase());
        return {
          status: 200,
          body: {
            name,
            commit: { sha, url: `${state.apiUrl}/repos/${repo.fullName}/commits/${sha}` },
            protected: required !== undefined,
            _links: { self: `${state.apiUrl}/repos/${repo.fullName}/branches/${name}` },
          },
        };
      }),
    },
    {
      method: "GET",
      path: "/repos/:owner/:repo/branches/:branch/protection/required_status_checks",
      handle: inRepo(state, (repo, _req, params) => {
        const name = params["branch"] ?? "";
        const required = state.requiredChecks.get(`${repo.fullName}:${name}`.toLowerCase());
        if (required === undefined) return errorResponse(404, "Branch not protected");
        const url = `${state.apiUrl}/repos/${repo.fullName}/branches/${name}/protection/required_status_checks`;
        return {
          status: 200,
          body: {
            url,
            strict: true,
            contexts: required,
            contexts_url: `${url}/contexts`,
            checks: required.map((context) => ({ context, app_id: null })),
          },
        };
      }),
    },
  ];
}
