import type { components } from "@octokit/openapi-types";
import { errorResponse, type FakeRequest, type FakeResponse, type FakeRoute } from "./route.js";

/**
 * GitHub issues for the fake GitHub server (tracker/github's side of it), plugged in through
 * `startFakeGitHub({ routes: issues.routes() })`. Response bodies are typed by GitHub's OpenAPI
 * description (a Pick of the fields served). Pull requests can be seeded too, because the issues
 * list API returns them and the tracker has to skip them.
 */
type Schemas = components["schemas"];
type UserJson = Pick<Schemas["simple-user"], "login" | "id" | "node_id" | "type" | "url" | "html_url">;
export type IssueJson = Pick<
  Schemas["issue"],
  | "id"
  | "node_id"
  | "url"
  | "repository_url"
  | "labels_url"
  | "comments_url"
  | "events_url"
  | "html_url"
  | "number"
  | "state"
  | "title"
  | "body"
  | "labels"
  | "locked"
  | "comments"
  | "closed_at"
  | "created_at"
  | "updated_at"
  | "pull_request"
  | "author_association"
> & { user: UserJson; assignee: UserJson | null; assignees: UserJson[] };
export type IssueCommentJson = Pick<
  Schemas["issue-comment"],
  | "id"
  | "node_id"
  | "url"
  | "body"
  | "html_url"
  | "created_at"
  | "updated_at"
  | "issue_url"
  | "author_association"
> & { user: UserJson };
type Association = Schemas["author-association"];

export interface FakeIssueComment {
  id: number;
  author: string;
  /** Unset: OWNER for the repository's owner, else COLLABORATOR (an outsider is seeded as NONE). */
  association?: Association;
  body: string;
}

export interface FakeIssue {
  /** `owner/repo`. */
  repo: string;
  number: number;
  title: string;
  body: string | null;
  labels: string[];
  state: "open" | "closed";
  /** GitHub's `state_reason`, set by an update (completed, not_planned, reopened). */
  stateReason: string | null;
  author: string;
  assignees: string[];
  comments: FakeIssueComment[];
  /** The issues API lists pull requests too; they carry a `pull_request` key. */
  isPullRequest: boolean;
}

export interface FakeIssueSeed {
  title: string;
  body?: string | null;
  labels?: readonly string[];
  state?: "open" | "closed";
  author?: string;
  assignees?: readonly string[];
  comments?: readonly { author: string; association?: Association; body: string }[];
  isPullRequest?: boolean;
}

const CREATED_AT = "2026-01-01T00:00:00Z";

/** Where issue numbers come from: the fake's state, whose sequence pull requests draw from too. */
export interface IssueNumbers {
  nextNumber(repo: string): number;
}

export class FakeIssues {
  readonly issues: FakeIssue[] = [];
  /**
   * `numbers` is the state passed to `startFakeGitHub({ state })`: on GitHub, issues and pull
   * requests share one number sequence per repository. `viewer` is who the token belongs to: the
   * author of comments the tracker posts.
   */
  constructor(
    private readonly numbers: IssueNumbers,
    readonly viewer = "ao-bot",
  ) {}
  private nextCommentId = 1;

  add(repo: string, seed: FakeIssueSeed): FakeIssue {
    const issue: FakeIssue = {
      repo,
      number: this.numbers.nextNumber(repo),
      title: seed.title,
      body: seed.body === undefined ? "" : seed.body,
      labels: [...(seed.labels ?? [])],
      state: seed.state ?? "open",
      stateReason: null,
      author: seed.author ?? "octocat",
      assignees: [...(seed.assignees ?? [])],
      comments: (seed.comments ?? []).map((comment) => ({ ...comment, id: this.nextCommentId++ })),
      isPullRequest: seed.isPullRequest ?? false,
    };
    this.issues.push(issue);
    return issue;
  }

  find(repo: string, number: number): FakeIssue | undefined {
    return this.issues.find((issue) => issue.repo === repo && issue.number === number);
  }

  routes(): FakeRoute[] {
    const withIssue =
      (handle: (issue: FakeIssue, req: FakeRequest) => FakeResponse) =>
      (req: FakeRequest, params: Record<string, string>): FakeResponse => {
        const issue = this.find(`${params["owner"] ?? ""}/${params["repo"] ?? ""}`, Number(params["number"]));
        return issue === undefined ? errorResponse(404, "Not Found") : handle(issue, req);
      };
    return [
      { method: "GET", path: "/repos/:owner/:repo/issues", handle: (req, params) => this.list(req, params) },
      {
        method: "POST",
        path: "/repos/:owner/:repo/issues",
        handle: (req, params) => this.create(req, params),
      },
      { method: "PATCH", path: "/repos/:owner/:repo/issues/:number", handle: withIssue(updateIssue) },
      {
        method: "GET",
        path: "/repos/:owner/:repo/issues/:number",
        handle: withIssue((issue, req) => ({ status: 200, body: issueJson(baseOf(req), issue) })),
      },
      {
        method: "GET",
        path: "/repos/:owner/:repo/issues/:number/comments",
        handle: withIssue((issue, req) => ({
          status: 200,
          body: page(req, issue.comments).map((c) => commentJson(baseOf(req), issue, c)),
        })),
      },
      { method: "POST", path: "/repos/:owner/:repo/issues/:number/labels", handle: withIssue(addLabels) },
      {
        method: "POST",
        path: "/repos/:owner/:repo/issues/:number/comments",
        handle: withIssue((issue, req) => this.comment(issue, req)),
      },
    ];
  }

  private list(req: FakeRequest, params: Record<string, string>): FakeResponse {
    const repo = `${params["owner"] ?? ""}/${params["repo"] ?? ""}`;
    const state = req.query.get("state") ?? "open";
    const labels = (req.query.get("labels") ?? "").split(",").filter((label) => label !== "");
    const assignee = req.query.get("assignee");
    const matching = this.issues
      .filter((issue) => issue.repo === repo && (state === "all" || issue.state === state))
      .filter((issue) =>
        labels.every((label) => issue.labels.some((l) => l.toLowerCase() === label.toLowerCase())),
      )
      .filter((issue) => assignee === null || issue.assignees.includes(assignee))
      .sort((a, b) => b.number - a.number);
    const items = page(req, matching);
    const perPage = Number(req.query.get("per_page") ?? "30");
    const current = Number(req.query.get("page") ?? "1");
    const headers: Record<string, string> = {};
    if (current * perPage < matching.length) {
      const next = new URLSearchParams(req.query);
      next.set("page", String(current + 1));
      headers["link"] = `<${baseOf(req)}/repos/${repo}/issues?${next.toString()}>; rel="next"`;
    }
    return { status: 200, body: items.map((issue) => issueJson(baseOf(req), issue)), headers };
  }

  /** POST /issues: the token's user files it; labels are created on the fly, as GitHub does for a pusher. */
  private create(req: FakeRequest, params: Record<string, string>): FakeResponse {
    const body = (req.body ?? {}) as { title?: unknown; body?: unknown; labels?: unknown };
    const labels = body.labels ?? [];
    if (typeof body.title !== "string" || body.title.trim() === "")
      return errorResponse(422, "Validation Failed", { errors: [{ field: "title", code: "missing_field" }] });
    if (!Array.isArray(labels) || !labels.every((label) => typeof label === "string"))
      return errorResponse(422, "Validation Failed");
    const repo = `${params["owner"] ?? ""}/${params["repo"] ?? ""}`;
    const issue = this.add(repo, {
      title: body.title,
      body: typeof body.body === "string" ? body.body : null,
      labels,
      author: this.viewer,
    });
    return { status: 201, body: issueJson(baseOf(req), issue) };
  }

  private comment(issue: FakeIssue, req: FakeRequest): FakeResponse {
    const body = (req.body as { body?: unknown } | undefined)?.body;
    if (typeof body !== "string" || body === "") return errorResponse(422, "Validation Failed");
    const comment = { id: this.nextCommentId++, author: this.viewer, body };
    issue.comments.push(comment);
    return { status: 201, body: commentJson(baseOf(req), issue, comment) };
  }
}

/** PATCH an issue: state with its reason (GitHub refuses a reason that does not fit the state), title, body. */
function updateIssue(issue: FakeIssue, req: FakeRequest): FakeResponse {
  const body = (req.body ?? {}) as {
    state?: unknown;
    state_reason?: unknown;
    title?: unknown;
    body?: unknown;
  };
  const state = body.state ?? issue.state;
  const reason = body.state_reason ?? null;
  const fits =
    (state === "closed" && (reason === null || reason === "completed" || reason === "not_planned")) ||
    (state === "open" && (reason === null || reason === "reopened"));
  if (!fits)
    return errorResponse(422, "Validation Failed", { errors: [{ field: "state_reason", code: "invalid" }] });
  issue.state = state;
  issue.stateReason = typeof reason === "string" ? reason : state === "closed" ? "completed" : null;
  if (typeof body.title === "string") issue.title = body.title;
  if (typeof body.body === "string") issue.body = body.body;
  return { status: 200, body: issueJson(baseOf(req), issue) };
}

function addLabels(issue: FakeIssue, req: FakeRequest): FakeResponse {
  const labels = (req.body as { labels?: unknown } | undefined)?.labels;
  if (!Array.isArray(labels) || !labels.every((label) => typeof label === "string")) {
    return errorResponse(422, "Validation Failed");
  }
  for (const label of labels) if (!issue.labels.includes(label)) issue.labels.push(label);
  return { status: 200, body: issue.labels.map((name, index) => ({ id: index + 1, name, color: "ededed" })) };
}

function page<T>(req: FakeRequest, items: readonly T[]): T[] {
  const perPage = Number(req.query.get("per_page") ?? "30");
  const current = Number(req.query.get("page") ?? "1");
  return items.slice((current - 1) * perPage, current * perPage);
}

/** The server's own base URL, from the request: routes are made before the server has a port. */
function baseOf(req: FakeRequest): string {
  return `http://${req.headers["host"] ?? "127.0.0.1"}`;
}

function userJson(base: string, login: string): UserJson {
  const id = [...login].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) % 1_000_000;
  return {
    login,
    id,
    node_id: `U_${String(id)}`,
    // REST names a GitHub App's bot `<app>[bot]`, typed Bot.
    type: login.endsWith("[bot]") ? "Bot" : "User",
    url: `${base}/users/${login}`,
    html_url: `https://github.invalid/${login}`,
  };
}

function issueJson(base: string, issue: FakeIssue): IssueJson {
  const api = `${base}/repos/${issue.repo}/issues/${String(issue.number)}`;
  const html = `https://github.invalid/${issue.repo}/${issue.isPullRequest ? "pull" : "issues"}/${String(issue.number)}`;
  const id = issue.number * 1000 + issue.repo.length;
  return {
    id,
    node_id: `I_${String(id)}`,
    url: api,
    repository_url: `${base}/repos/${issue.repo}`,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: html,
    number: issue.number,
    state: issue.state,
    title: issue.title,
    body: issue.body,
    labels: issue.labels.map((name, index) => ({ id: index + 1, name, color: "ededed", default: false })),
    locked: false,
    comments: issue.comments.length,
    closed_at: issue.state === "closed" ? CREATED_AT : null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    author_association: associationOf(issue.repo, issue.author),
    user: userJson(base, issue.author),
    assignee: issue.assignees[0] === undefined ? null : userJson(base, issue.assignees[0]),
    assignees: issue.assignees.map((login) => userJson(base, login)),
    ...(issue.isPullRequest
      ? {
          pull_request: {
            url: `${base}/repos/${issue.repo}/pulls/${String(issue.number)}`,
            html_url: html,
            diff_url: null,
            patch_url: null,
          },
        }
      : {}),
  };
}

function commentJson(base: string, issue: FakeIssue, comment: FakeIssueComment): IssueCommentJson {
  const issueUrl = `${base}/repos/${issue.repo}/issues/${String(issue.number)}`;
  return {
    id: comment.id,
    node_id: `IC_${String(comment.id)}`,
    url: `${base}/repos/${issue.repo}/issues/comments/${String(comment.id)}`,
    body: comment.body,
    html_url: `https://github.invalid/${issue.repo}/issues/${String(issue.number)}#issuecomment-${String(comment.id)}`,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    issue_url: issueUrl,
    author_association: comment.association ?? associationOf(issue.repo, comment.author),
    user: userJson(base, comment.author),
  };
}

function associationOf(repo: string, login: string): Association {
  return login === repo.split("/")[0] ? "OWNER" : "COLLABORATOR";
}
