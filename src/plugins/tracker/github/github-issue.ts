import type { components } from "@octokit/openapi-types";
import type { Issue } from "../../../core/plugin-api.js";
import { describeTrust, isTrustedAuthor, type TrustedAuthors } from "../../_shared/github/trusted-authors.js";
import { remoteTaskPrompt, type IssueComment } from "../_shared/remote-task-prompt.js";

type IssueJson = Pick<
  components["schemas"]["issue"],
  "number" | "title" | "body" | "html_url" | "state" | "labels"
> & {
  user?: { login: string } | null;
};
type CommentJson = Pick<components["schemas"]["issue-comment"], "body" | "author_association"> & {
  user?: { login: string; type?: string } | null;
};

/** A GitHub issue as tracker/github returns it: the slot's Issue plus its author and comments. */
export interface GitHubIssue extends Issue {
  author?: string;
  /** Present when fetched one by one (getIssue); listIssues leaves them out. Trusted authors' only. */
  comments?: IssueComment[];
  /** Comments left out because their authors are not trusted (trustedAuthors). */
  commentsLeftOut?: number;
}

/**
 * Comments reach the prompt only from trusted authors: anyone can comment on a public issue. The
 * body stays: the person chose to start a session on this issue.
 */
export function toGitHubIssue(
  json: IssueJson,
  fetched?: { comments: readonly CommentJson[]; trust: TrustedAuthors },
): GitHubIssue {
  const author = json.user?.login;
  const kept = fetched?.comments.filter((comment) =>
    isTrustedAuthor(
      fetched.trust,
      comment.user ? { login: comment.user.login, bot: comment.user.type === "Bot" } : undefined,
      comment.author_association,
    ),
  );
  const leftOut = (fetched?.comments.length ?? 0) - (kept?.length ?? 0);
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
    ...(kept === undefined
      ? {}
      : {
          comments: kept.map((comment) => ({
            author: comment.user?.login ?? "ghost",
            body: comment.body ?? "",
          })),
        }),
    ...(leftOut > 0 ? { commentsLeftOut: leftOut } : {}),
  };
}

export function gitHubTaskPrompt(issue: Issue, trust: TrustedAuthors): string {
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
    ...(github.commentsLeftOut === undefined ? {} : { omitted: omittedLine(github.commentsLeftOut, trust) }),
  });
}

function omittedLine(count: number, trust: TrustedAuthors): string {
  const what = count === 1 ? "1 comment was" : `${String(count)} comments were`;
  return `${what} left out: ao only includes comments by ${describeTrust(trust)} (trustedAuthors).`;
}
