import { enqueuePullRequest, mergeQueueField, pullQueueFields } from "./graphql-merge-queue.js";
import type { FakeRequest, FakeResponse, FakeRoute } from "./route.js";
import {
  associationOf,
  type FakeCheckRun,
  type FakeUser,
  type FakeGitHubState,
  type FakePull,
  type FakeRepo,
  type FakeThread,
} from "./state.js";

/**
 * The GraphQL endpoint, for the operations ao sends (not a GraphQL engine): aliased
 * `pullRequest(number: N)` lookups under `repository(owner, name)`, answered with every field ao
 * asks for, the `resolveReviewThread` and `enqueuePullRequest` mutations, and
 * `repository.mergeQueue(branch:)`. An unknown number answers null plus a
 * NOT_FOUND error, as GitHub does.
 */
const PULL_ALIAS = /(\w+)\s*:\s*pullRequest\s*\(\s*number\s*:\s*(\d+)\s*\)/g;

export function graphqlRoute(state: FakeGitHubState): FakeRoute {
  return { method: "POST", path: "/graphql", handle: (req) => answer(state, req) };
}

function answer(state: FakeGitHubState, req: FakeRequest): FakeResponse {
  const { query = "", variables = {} } = (req.body ?? {}) as {
    query?: string;
    variables?: Record<string, string | undefined>;
  };
  if (/resolveReviewThread/.test(query)) return resolveThread(state, variables["threadId"] ?? "");
  if (/enqueuePullRequest/.test(query)) return enqueuePullRequest(state, variables);
  const owner = variables["owner"] ?? /owner:\s*"([^"]+)"/.exec(query)?.[1] ?? "";
  const name = variables["name"] ?? /name:\s*"([^"]+)"/.exec(query)?.[1] ?? "";
  const repo = state.repo(owner, name);
  if (!repo)
    return {
      status: 200,
      body: {
        data: { repository: null },
        errors: [
          notFound(["repository"], `Could not resolve to a Repository with the name '${owner}/${name}'.`),
        ],
      },
    };
  const repository: Record<string, unknown> = {};
  const errors: unknown[] = [];
  const pulls = state.pullsOf(repo.fullName); // refreshes every head with one git call
  for (const [, alias = "", number = ""] of query.matchAll(PULL_ALIAS)) {
    const pull = pulls.find((p) => p.number === Number(number));
    repository[alias] = pull ? pullNode(state, repo, pull) : null;
    if (!pull)
      errors.push(
        notFound(["repository", alias], `Could not resolve to a PullRequest with the number of ${number}.`),
      );
  }
  if (/\bmergeQueue\s*\(/.test(query))
    repository["mergeQueue"] = mergeQueueField(state, repo, variables["branch"] ?? "");
  const data: Record<string, unknown> = { repository };
  if (/\brateLimit\b/.test(query))
    data["rateLimit"] = { cost: 1, remaining: 4999, resetAt: "2099-01-01T00:00:00Z" };
  return { status: 200, body: errors.length > 0 ? { data, errors } : { data } };
}

function notFound(path: string[], message: string) {
  return { type: "NOT_FOUND", path, locations: [{ line: 1, column: 1 }], message };
}

function resolveThread(state: FakeGitHubState, id: string): FakeResponse {
  const thread = state.threads.find((t) => t.id === id);
  if (!thread)
    return {
      status: 200,
      body: {
        data: { resolveReviewThread: null },
        errors: [
          notFound(["resolveReviewThread"], `Could not resolve to a node with the global id of '${id}'`),
        ],
      },
    };
  thread.isResolved = true;
  const pull = state.pull(thread.repo, thread.pull);
  if (pull) state.touch(pull);
  return { status: 200, body: { data: { resolveReviewThread: { thread: { id, isResolved: true } } } } };
}

function pullNode(state: FakeGitHubState, repo: FakeRepo, pull: FakePull): Record<string, unknown> {
  return {
    number: pull.number,
    state: pull.merged ? "MERGED" : pull.state.toUpperCase(),
    isDraft: pull.draft,
    url: `${state.webUrl}/${repo.fullName}/pull/${String(pull.number)}`,
    title: pull.title,
    headRefName: pull.head,
    baseRefName: pull.base,
    headRefOid: pull.headSha,
    updatedAt: pull.updatedAt,
    mergeable: state.mergeableOf(pull),
    reviewDecision: state.reviewDecisionOf(pull),
    reviewThreads: {
      nodes: state.threadsOf(repo.fullName, pull.number).map((t) => threadNode(state, repo, t)),
    },
    commits: {
      nodes: [{ commit: { oid: pull.headSha, statusCheckRollup: rollup(state, repo, pull.headSha) } }],
    },
    ...pullQueueFields(state, pull),
  };
}

function threadNode(state: FakeGitHubState, repo: FakeRepo, thread: FakeThread): Record<string, unknown> {
  return {
    id: thread.id,
    isResolved: thread.isResolved,
    path: thread.path,
    line: thread.line,
    comments: {
      // ao asks for comments(first: 20).
      nodes: thread.comments.slice(0, 20).map((comment) => ({
        author: graphqlAuthor(comment.author),
        authorAssociation: associationOf(repo.fullName, comment),
        body: comment.body,
        url: `${state.webUrl}/${repo.fullName}/pull/${String(thread.pull)}#discussion_r${String(comment.id)}`,
        createdAt: comment.createdAt,
      })),
    },
  };
}

/** The latest check run per name plus the latest status per context; null when the head has none. */
function rollup(state: FakeGitHubState, repo: FakeRepo, sha: string): Record<string, unknown> | null {
  const runs = new Map<string, FakeCheckRun>();
  for (const run of state.checkRunsAt(repo.fullName, sha)) runs.set(run.name, run);
  const statuses = state.statusesAt(repo.fullName, sha);
  if (runs.size === 0 && statuses.length === 0) return null;
  const nodes = [
    ...[...runs.values()].map((run) => ({
      __typename: "CheckRun",
      databaseId: run.id,
      name: run.name,
      status: run.status.toUpperCase(),
      conclusion: run.conclusion?.toUpperCase() ?? null,
      detailsUrl: `${state.webUrl}/${repo.fullName}/actions/runs/${String(run.id)}/job/${String(run.id)}`,
    })),
    ...statuses.map((status) => ({
      __typename: "StatusContext",
      context: status.context,
      state: status.state.toUpperCase(),
      targetUrl: status.targetUrl,
      description: status.description,
    })),
  ];
  return { state: rollupState(nodes), contexts: { nodes } };
}

function rollupState(nodes: { status?: string; conclusion?: string | null; state?: string }[]): string {
  const bad = ["FAILURE", "ERROR", "TIMED_OUT", "CANCELLED", "ACTION_REQUIRED", "STARTUP_FAILURE"];
  if (nodes.some((n) => bad.includes(n.conclusion ?? "") || bad.includes(n.state ?? ""))) return "FAILURE";
  if (nodes.some((n) => (n.status !== undefined && n.status !== "COMPLETED") || n.state === "PENDING"))
    return "PENDING";
  return "SUCCESS";
}

/** GraphQL names a GitHub App's bot by its login without `[bot]` (REST keeps it), typed Bot. */
function graphqlAuthor(user: FakeUser): { __typename: string; login: string } {
  const login = user.type === "Bot" ? user.login.replace(/\[bot\]$/, "") : user.login;
  return { __typename: user.type, login };
}
