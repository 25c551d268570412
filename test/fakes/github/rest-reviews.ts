import { withPull } from "./in-repo.js";
import { reviewJson } from "./json.js";
import { errorResponse, type FakeRoute } from "./route.js";
import type { FakeGitHubState, FakeReview } from "./state.js";

const EVENTS: Record<string, FakeReview["state"]> = {
  APPROVE: "APPROVED",
  REQUEST_CHANGES: "CHANGES_REQUESTED",
  COMMENT: "COMMENTED",
};

/** Reviews of a pull request: list, and submit (APPROVE / REQUEST_CHANGES / COMMENT). */
export function reviewRoutes(state: FakeGitHubState): FakeRoute[] {
  return [
    {
      method: "GET",
      path: "/repos/:owner/:repo/pulls/:number/reviews",
      handle: withPull(state, (repo, pull) => ({
        status: 200,
        body: state.reviews
          .filter((r) => r.repo === repo.fullName && r.pull === pull.number)
          .map((r) => reviewJson(state, r)),
      })),
    },
    {
      method: "POST",
      path: "/repos/:owner/:repo/pulls/:number/reviews",
      handle: withPull(state, (repo, pull, req) => {
        const body = (req.body ?? {}) as {
          event?: string;
          body?: string;
          commit_id?: string;
          comments?: { path: string; line?: number; body: string }[];
        };
        const reviewState = EVENTS[body.event ?? ""];
        if (reviewState === undefined)
          return errorResponse(422, "Unprocessable Entity", { errors: ["event is invalid"] });
        if (reviewState !== "APPROVED" && !body.body)
          return errorResponse(422, "Unprocessable Entity", { errors: ["Review body is required"] });
        const review: FakeReview = {
          id: state.nextId(),
          repo: repo.fullName,
          pull: pull.number,
          user: state.viewer,
          state: reviewState,
          body: body.body ?? "",
          commitId: body.commit_id ?? pull.headSha,
          submittedAt: state.tick(),
        };
        state.reviews.push(review);
        // Each line comment of a review opens a review thread, as on GitHub.
        for (const comment of body.comments ?? []) {
          state.threads.push({
            id: `PRRT_${String(state.nextId())}`,
            repo: repo.fullName,
            pull: pull.number,
            path: comment.path,
            line: comment.line ?? null,
            isResolved: false,
            comments: [
              { id: state.nextId(), author: state.viewer, body: comment.body, createdAt: state.tick() },
            ],
          });
        }
        state.touch(pull);
        return { status: 200, body: reviewJson(state, review) };
      }),
    },
  ];
}
