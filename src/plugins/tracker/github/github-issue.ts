import type { components } from "@octokit/openapi-types";
import type { Issue } from "../../../core/slots/index.js";
import { remoteTaskPrompt, type IssueComment } from "../_shared/remote-task-prompt.js";

type IssueJson = Pick<
  components["schemas"]["issue"],
  "number" | "title" | "body" | "html_url" | "state" | "labels"
> & {
  user?: { login: string } | null;
};
type CommentJson = Pick<components["schemas"]["issue-comment"], "body"> & { user?: { login: string } | null };

/** A GitHub issue as tracker/github returns it: the slot's Issue plus its author and comments. */
export interface GitHubIssue extends Issue {
  author?: string;
  /** Present when fetched one by one (getIssue); listIssues leaves them out. */
  comments?: IssueComment[];
}

export function toGitHubIssue(json: IssueJson, comments?: readonly CommentJson[]): GitHubIssue {
  const author = json.user?.login;
  return {
    id: String(json.number),
    title: json.title,
    body: json.body ?? "",
    url: json.html_url,
    labels: json.labels
      .map((label) => (typeof label === "string" ? label : (label.name ?? "")))
      .filter(Boolean),
    state: json.state === "closed" ? "closed" : "open",
    ...(author === undefined ? {} : { author }),
    ...(comments === undefined
      ? {}
      : {
          comments: comments.map((comment) => ({
            author: comment.user?.login ?? "ghost",
            body: comment.body ?? "",
          })),
        }),
  };
}

export function gitHubTaskPrompt(issue: Issue): string {
  const github = issue as GitHubIssue;
  return remoteTaskPrompt({
    heading: `Issue #${issue.id}`,
    title: issue.title,
    facts: [
      ...(issue.url === undefined ? [] : [["URL", issue.url] as const]),
      ...(github.author === undefined ? [] : [["Author", github.author] as const]),
      ["Labels", issue.labels.length === 0 ? "none" : issue.labels.join(", ")],
      ["State", issue.state],
    ],
    source: "a GitHub issue",
    body: issue.body,
    comments: github.comments,
  });
}
