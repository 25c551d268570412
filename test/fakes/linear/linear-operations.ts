import { slugify } from "../../../src/core/sessions/branch-name.js";
import type {
  FakeLinearIssue,
  FakeLinearIssueSeed,
  FakeLinearLabel,
  FakeLinearState,
  RecordedLinearRequest,
} from "./fake-linear.js";
import { matchesLinearFilter } from "./linear-filter.js";
import { WRITE_OPERATIONS } from "./linear-writes.js";

/**
 * The fake Linear's answers, by operation name: what tracker/linear sends, answered in the shapes
 * Linear's GraphQL API gives (errors included).
 */
export interface Api {
  issues: FakeLinearIssue[];
  labels: FakeLinearLabel[];
  teams: ReadonlyMap<string, { id: string; states: FakeLinearState[] }>;
  apiKey: string;
  addIssue(seed: FakeLinearIssueSeed): FakeLinearIssue;
  teamOf(key: string): { id: string; states: FakeLinearState[] };
  stateOf(issue: FakeLinearIssue): FakeLinearState;
}

/** Each operation tracker/linear sends, keyed by name; the root field must be the expected one. */
export function answerOperation(api: Api, request: RecordedLinearRequest): unknown {
  const { operation, query, variables } = request;
  const handler = OPERATIONS[operation] ?? WRITE_OPERATIONS[operation];
  if (handler === undefined || !query.includes(handler.root)) {
    return graphqlError(`fake Linear does not know operation ${operation}`, "graphql error");
  }
  return handler.answer(api, variables);
}

/** One operation the fake answers: its root field, and the answer to its variables. */
export interface FakeOperation {
  root: string;
  answer(api: Api, variables: Record<string, unknown>): unknown;
}

const OPERATIONS: Record<string, FakeOperation> = {
  AoIssue: {
    root: "issue(id: $id)",
    answer: (api, { id }) => {
      const issue = findIssue(api, String(id));
      return issue === undefined ? notFound() : { data: { issue: issueNode(api, issue) } };
    },
  },
  AoIssues: {
    root: "issues(filter: $filter, first: $first, after: $after)",
    answer: (api, { filter, first, after }) => {
      const matching = api.issues.filter((issue) =>
        matchesLinearFilter(filterView(api, issue), (filter ?? {}) as Record<string, unknown>),
      );
      const start = after === undefined || after === null ? 0 : Number(after);
      const page = matching.slice(start, start + Number(first));
      const end = start + page.length;
      return {
        data: {
          issues: {
            nodes: page.map((issue) => issueNode(api, issue)),
            pageInfo: { hasNextPage: end < matching.length, endCursor: String(end) },
          },
        },
      };
    },
  },
  AoIssueWorkflow: {
    root: "issue(id: $id)",
    answer: (api, { id }) => {
      const issue = findIssue(api, String(id));
      if (issue === undefined) return notFound();
      const team = api.teamOf(issue.teamKey);
      return {
        data: {
          issue: {
            id: issue.id,
            identifier: issue.identifier,
            state: api.stateOf(issue),
            team: { id: team.id, key: issue.teamKey, states: { nodes: team.states } },
          },
        },
      };
    },
  },
  AoIssueUpdateState: {
    root: "issueUpdate(id: $id, input: { stateId: $stateId })",
    answer: (api, { id, stateId }) => {
      const issue = findIssue(api, String(id));
      if (issue === undefined) return notFound();
      if (!api.teamOf(issue.teamKey).states.some((state) => state.id === stateId)) {
        return graphqlError("Argument Validation Error", "invalid input");
      }
      issue.stateId = String(stateId);
      const node = { id: issue.id, identifier: issue.identifier, state: api.stateOf(issue) };
      return { data: { issueUpdate: { success: true, issue: node } } };
    },
  },
};

export function findIssue(api: Api, id: string): FakeLinearIssue | undefined {
  return api.issues.find((issue) => issue.id === id || issue.identifier === id);
}

function issueNode(api: Api, issue: FakeLinearIssue): Record<string, unknown> {
  const team = api.teamOf(issue.teamKey);
  return {
    id: issue.id,
    identifier: issue.identifier,
    title: issue.title,
    description: issue.description,
    url: `https://linear.app/fake/issue/${issue.identifier}/${slugify(issue.title)}`,
    branchName: issue.branchName,
    state: api.stateOf(issue),
    team: { id: team.id, key: issue.teamKey },
    labels: { nodes: issue.labels.map((name) => ({ name })) },
    assignee: issue.assignee === null ? null : { ...issue.assignee, isMe: undefined },
  };
}

/** What Linear's IssueFilter is evaluated against: the fields it filters on, nested like its schema. */
function filterView(api: Api, issue: FakeLinearIssue): Record<string, unknown> {
  return {
    team: { id: api.teamOf(issue.teamKey).id, key: issue.teamKey },
    state: api.stateOf(issue),
    labels: issue.labels.map((name) => ({ name })),
    assignee: issue.assignee === null ? null : { ...issue.assignee, isMe: issue.assignee.isMe === true },
  };
}

/** Linear's answer for an unknown id: HTTP 200, an "invalid input" error, no data. */
export function notFound(): unknown {
  return {
    data: null,
    errors: [
      {
        message: "Entity not found: Issue",
        path: ["issue"],
        extensions: {
          type: "invalid input",
          code: "INPUT_ERROR",
          userError: true,
          userPresentableMessage: "Could not find referenced Issue.",
        },
      },
    ],
  };
}

export function authError(): unknown {
  return graphqlError("Authentication required, not authenticated", "authentication error");
}

export function graphqlError(message: string, type: string): unknown {
  return { data: null, errors: [{ message, extensions: { type, userPresentableMessage: message } }] };
}
