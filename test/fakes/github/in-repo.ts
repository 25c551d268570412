import { errorResponse, type FakeRequest, type FakeResponse } from "./route.js";
import type { FakeGitHubState, FakePull, FakeRepo } from "./state.js";

type Handler = (req: FakeRequest, params: Record<string, string>) => FakeResponse;

/** A route handler for `/repos/:owner/:repo/...`: 404 when the fake does not hold the repository. */
export function inRepo(
  state: FakeGitHubState,
  handle: (repo: FakeRepo, req: FakeRequest, params: Record<string, string>) => FakeResponse,
): Handler {
  return (req, params) => {
    const repo = state.repo(params["owner"] ?? "", params["repo"] ?? "");
    return repo ? handle(repo, req, params) : errorResponse(404, "Not Found");
  };
}

/** A route handler for `/repos/:owner/:repo/pulls/:number/...`. */
export function withPull(
  state: FakeGitHubState,
  handle: (repo: FakeRepo, pull: FakePull, req: FakeRequest) => FakeResponse,
): Handler {
  return inRepo(state, (repo, req, params) => {
    const pull = state.pull(repo.fullName, Number(params["number"]));
    return pull ? handle(repo, pull, req) : errorResponse(404, "Not Found");
  });
}
