import type { components } from "@octokit/openapi-types";
import type {
  FakeCheckRun,
  FakeGitHubState,
  FakePull,
  FakeRepo,
  FakeReview,
  FakeStatus,
  FakeUser,
} from "./state.js";

/**
 * REST response bodies, each field typed by GitHub's own OpenAPI description: the fake returns a
 * subset of the fields (Pick), and every field it returns has GitHub's type.
 */
type Schemas = components["schemas"];

export type UserJson = Pick<
  Schemas["simple-user"],
  "login" | "id" | "node_id" | "type" | "url" | "html_url" | "avatar_url" | "site_admin"
>;
export type RepoJson = Pick<
  Schemas["repository"],
  "id" | "node_id" | "name" | "full_name" | "private" | "html_url" | "url" | "default_branch"
> & { owner: UserJson };
export type RefJson = Pick<Schemas["pull-request"]["head"], "label" | "ref" | "sha"> & {
  user: UserJson;
  repo: RepoJson;
};
export type PullSimpleJson = Pick<
  Schemas["pull-request-simple"],
  | "url"
  | "id"
  | "node_id"
  | "html_url"
  | "number"
  | "state"
  | "locked"
  | "title"
  | "body"
  | "created_at"
  | "updated_at"
  | "closed_at"
  | "merged_at"
  | "merge_commit_sha"
  | "draft"
  | "author_association"
> & { user: UserJson; head: RefJson; base: RefJson };
export type PullJson = PullSimpleJson &
  Pick<
    Schemas["pull-request"],
    | "merged"
    | "mergeable"
    | "mergeable_state"
    | "comments"
    | "review_comments"
    | "commits"
    | "additions"
    | "deletions"
    | "changed_files"
  >;
export type CheckRunJson = Pick<
  Schemas["check-run"],
  | "id"
  | "node_id"
  | "head_sha"
  | "external_id"
  | "url"
  | "html_url"
  | "details_url"
  | "status"
  | "conclusion"
  | "started_at"
  | "completed_at"
  | "output"
  | "name"
  | "check_suite"
>;
export type CheckSuiteJson = Pick<
  Schemas["check-suite"],
  | "id"
  | "node_id"
  | "head_sha"
  | "head_branch"
  | "status"
  | "conclusion"
  | "latest_check_runs_count"
  | "check_runs_url"
>;
export type StatusJson = Pick<
  Schemas["status"],
  "url" | "id" | "node_id" | "state" | "description" | "target_url" | "context" | "created_at" | "updated_at"
>;
export type ReviewJson = Pick<
  Schemas["pull-request-review"],
  | "id"
  | "node_id"
  | "body"
  | "state"
  | "html_url"
  | "pull_request_url"
  | "submitted_at"
  | "commit_id"
  | "author_association"
> & { user: UserJson };

let userIds = 0;
const userIdOf = new Map<string, number>();

export function userJson(state: FakeGitHubState, user: FakeUser): UserJson {
  if (!userIdOf.has(user.login)) userIdOf.set(user.login, ++userIds);
  const id = userIdOf.get(user.login)!;
  return {
    login: user.login,
    id,
    node_id: `U_${String(id)}`,
    type: user.type,
    url: `${state.apiUrl}/users/${user.login}`,
    html_url: `${state.webUrl}/${user.login}`,
    avatar_url: `${state.webUrl}/avatars/${user.login}`,
    site_admin: false,
  };
}

export function repoJson(state: FakeGitHubState, repo: FakeRepo): RepoJson {
  return {
    id: repo.id,
    node_id: `R_${String(repo.id)}`,
    name: repo.name,
    full_name: repo.fullName,
    private: false,
    html_url: `${state.webUrl}/${repo.fullName}`,
    url: `${state.apiUrl}/repos/${repo.fullName}`,
    default_branch: repo.defaultBranch,
    owner: userJson(state, { login: repo.owner, type: "User" }),
  };
}

function refJson(state: FakeGitHubState, repo: FakeRepo, ref: string, sha: string): RefJson {
  const owner = userJson(state, { login: repo.owner, type: "User" });
  return { label: `${repo.owner}:${ref}`, ref, sha, user: owner, repo: repoJson(state, repo) };
}

export function pullSimpleJson(
  state: FakeGitHubState,
  repo: FakeRepo,
  pull: FakePull,
  baseSha: string,
): PullSimpleJson {
  return {
    url: `${state.apiUrl}/repos/${repo.fullName}/pulls/${String(pull.number)}`,
    id: pull.id,
    node_id: `PR_${String(pull.id)}`,
    html_url: `${state.webUrl}/${repo.fullName}/pull/${String(pull.number)}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    body: pull.body,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommitSha,
    draft: pull.draft,
    author_association: "OWNER",
    user: userJson(state, pull.author),
    head: refJson(state, repo, pull.head, pull.headSha),
    base: refJson(state, repo, pull.base, baseSha),
  };
}

const REST_MERGEABLE = { MERGEABLE: true, CONFLICTING: false, UNKNOWN: null } as const;

/** `computing`: GitHub answers a just-created PR with mergeable null while it computes it. */
export function pullJson(
  state: FakeGitHubState,
  repo: FakeRepo,
  pull: FakePull,
  baseSha: string,
  computing = false,
): PullJson {
  const mergeable = computing ? null : REST_MERGEABLE[state.mergeableOf(pull)];
  const mergeableState = mergeable === null ? "unknown" : mergeable ? "clean" : "dirty";
  return {
    ...pullSimpleJson(state, repo, pull, baseSha),
    merged: pull.merged,
    mergeable,
    mergeable_state: mergeableState,
    comments: 0,
    review_comments: state.threadsOf(pull.repo, pull.number).length,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

export function checkRunJson(state: FakeGitHubState, run: FakeCheckRun): CheckRunJson {
  const html = `${state.webUrl}/${run.repo}/actions/runs/${String(run.id)}/job/${String(run.id)}`;
  return {
    id: run.id,
    node_id: `CR_${String(run.id)}`,
    head_sha: run.headSha,
    external_id: null,
    url: `${state.apiUrl}/repos/${run.repo}/check-runs/${String(run.id)}`,
    html_url: html,
    details_url: html,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: null,
      summary: null,
      text: null,
      annotations_count: 0,
      annotations_url: `${state.apiUrl}/repos/${run.repo}/check-runs/${String(run.id)}/annotations`,
    },
    name: run.name,
    check_suite: { id: suiteIdOf(run.headSha) },
  };
}

/** One suite per head commit: enough for clients that group runs by suite. */
export function suiteIdOf(sha: string): number {
  return Number.parseInt(sha.slice(0, 8), 16);
}

export function statusJson(state: FakeGitHubState, status: FakeStatus): StatusJson {
  return {
    url: `${state.apiUrl}/repos/${status.repo}/statuses/${status.sha}`,
    id: status.id,
    node_id: `SC_${String(status.id)}`,
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.createdAt,
  };
}

export function reviewJson(state: FakeGitHubState, review: FakeReview): ReviewJson {
  return {
    id: review.id,
    node_id: `PRR_${String(review.id)}`,
    body: review.body,
    state: review.state,
    html_url: `${state.webUrl}/${review.repo}/pull/${String(review.pull)}#pullrequestreview-${String(review.id)}`,
    pull_request_url: `${state.apiUrl}/repos/${review.repo}/pulls/${String(review.pull)}`,
    submitted_at: review.submittedAt,
    commit_id: review.commitId,
    author_association: "COLLABORATOR",
    user: userJson(state, review.user),
  };
}
