import type { Issue, IssueUpdate, NewIssue } from "../../../core/plugin-api.js";
import type { GitHubCall } from "./github-api.js";

/**
 * The writes tracker/github offers beyond markStarted: filing an issue (`ao issue new`, a plan's
 * parent ticket) and telling one how something ended (a comment, then the state). A closed issue
 * carries GitHub's `state_reason`: `completed`, or `not_planned` when the update says so (a
 * cancelled plan); reopening sets `reopened`. Each returns the issue as `getIssue` reads it.
 */
export async function createGitHubIssue(call: GitHubCall, input: NewIssue): Promise<number> {
  const created = await call("filing an issue", async (client, repo) =>
    client.rest.issues.create({
      ...repo,
      title: input.title,
      body: input.body ?? "",
      ...(input.labels === undefined || input.labels.length === 0 ? {} : { labels: [...input.labels] }),
    }),
  );
  return created.data.number;
}

export async function updateGitHubIssue(call: GitHubCall, issue: Issue, update: IssueUpdate): Promise<void> {
  const number = Number(issue.id);
  const comment = update.comment?.trim() ?? "";
  // The comment first: a reader of the closed issue finds why it was closed at its end.
  if (comment !== "")
    await call(`commenting on issue #${issue.id}`, (client, repo) =>
      client.rest.issues.createComment({ ...repo, issue_number: number, body: comment }),
    );
  const state = update.state;
  if (state === undefined) return;
  const reason = state === "open" ? "reopened" : (update.closedAs ?? "completed");
  await call(`setting issue #${issue.id} ${state}`, (client, repo) =>
    client.rest.issues.update({ ...repo, issue_number: number, state, state_reason: reason }),
  );
}
