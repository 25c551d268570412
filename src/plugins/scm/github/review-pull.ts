import type { LineReview, PullRequestRef, ReviewInput, ReviewThread } from "../../../core/plugin-api.js";
import { gitHubApiError } from "../../_shared/github/api-error.js";
import { fetchPulls } from "./pull-query.js";
import { allThreads } from "./review-threads.js";
import type { GitHubScmEnv } from "./scm-env.js";

/**
 * `ao review` on GitHub: a review through REST (approve, request changes, comment); a comment on
 * a path and line opens a review thread, which is then looked up to return it.
 */
export async function reviewPull(
  env: GitHubScmEnv,
  ref: PullRequestRef,
  input: ReviewInput,
): Promise<ReviewThread | undefined> {
  const client = await env.client();
  const { event, body, path, line } = reviewParts(input);
  const comments = path !== undefined && line !== undefined ? [{ path, line, body }] : undefined;
  try {
    await client.rest.pulls.createReview({
      owner: env.repo.owner,
      repo: env.repo.repo,
      pull_number: ref.number,
      event,
      body,
      ...(comments ? { comments } : {}),
    });
  } catch (error) {
    throw gitHubApiError(error, `reviewing pull request #${String(ref.number)}`);
  }
  if (!comments) return undefined;
  const [node] = await fetchPulls(env, [ref.number]);
  // ao's own comment, found whatever the token's association: trust filters what reaches the agent.
  const threads = node ? allThreads(node) : [];
  return threads.filter((t) => t.path === path && t.line === line && t.body === body).at(-1);
}

/**
 * The dashboard's review posted on GitHub: one review requesting changes on the commit the person
 * read, each comment on its line (`LEFT` for a removed line, `RIGHT` otherwise), as GitHub's own
 * "Start a review" does.
 */
export async function postLineReview(
  env: GitHubScmEnv,
  ref: PullRequestRef,
  review: LineReview,
): Promise<void> {
  const client = await env.client();
  try {
    await client.rest.pulls.createReview({
      owner: env.repo.owner,
      repo: env.repo.repo,
      pull_number: ref.number,
      commit_id: review.head,
      event: "REQUEST_CHANGES",
      body: review.body,
      comments: review.comments.map(({ path, line, side, body }) => ({
        path,
        line,
        side: side === "old" ? ("LEFT" as const) : ("RIGHT" as const),
        body,
      })),
    });
  } catch (error) {
    throw gitHubApiError(error, `posting a review on pull request #${String(ref.number)}`);
  }
}

function reviewParts(input: ReviewInput): {
  event: "APPROVE" | "REQUEST_CHANGES" | "COMMENT";
  body: string;
  path?: string;
  line?: number;
} {
  if ("approve" in input) return { event: "APPROVE", body: input.body ?? "" };
  const [event, body] =
    "requestChanges" in input
      ? (["REQUEST_CHANGES", input.requestChanges] as const)
      : (["COMMENT", input.comment] as const);
  return {
    event,
    body,
    ...(input.path !== undefined ? { path: input.path } : {}),
    ...(input.line !== undefined ? { line: input.line } : {}),
  };
}

/** Resolves a review thread (GraphQL only: REST has no thread resolution). */
export async function resolvePullThread(env: GitHubScmEnv, threadId: string): Promise<void> {
  const client = await env.client();
  try {
    await client.graphql(
      `mutation AoResolveThread($threadId: ID!) { resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } } }`,
      { threadId },
    );
  } catch (error) {
    throw gitHubApiError(error, `resolving review thread ${threadId}`);
  }
}
