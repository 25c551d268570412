/**
 * The GraphQL documents tracker/linear sends through the SDK's client. Each asks for exactly the
 * fields ao uses in one round trip; the SDK's model objects would fetch state, labels and team
 * lazily, one request each, per issue.
 */
const ISSUE_FIELDS = `
fragment AoIssueFields on Issue {
  id
  identifier
  title
  description
  url
  branchName
  state { id name type }
  team { id key }
  labels(first: 100) { nodes { name } }
  assignee { name displayName email }
}`;

export const ISSUE_QUERY = `query AoIssue($id: String!) {
  issue(id: $id) { ...AoIssueFields }
}
${ISSUE_FIELDS}`;

export const ISSUES_QUERY = `query AoIssues($filter: IssueFilter, $first: Int!, $after: String) {
  issues(filter: $filter, first: $first, after: $after) {
    nodes { ...AoIssueFields }
    pageInfo { hasNextPage endCursor }
  }
}
${ISSUE_FIELDS}`;

/** The issue's current state and every state of its team's workflow, to find `startedState`. */
export const ISSUE_WORKFLOW_QUERY = `query AoIssueWorkflow($id: String!) {
  issue(id: $id) {
    id
    identifier
    state { id name type }
    team { id key states(first: 250) { nodes { id name type } } }
  }
}`;

export const UPDATE_ISSUE_STATE_MUTATION = `mutation AoIssueUpdateState($id: String!, $stateId: String!) {
  issueUpdate(id: $id, input: { stateId: $stateId }) {
    success
    issue { id identifier state { id name type } }
  }
}`;

export interface LinearStateNode {
  id: string;
  name: string;
  /** triage, backlog, unstarted, started, completed or canceled. */
  type: string;
}

export interface LinearIssueNode {
  id: string;
  identifier: string;
  title: string;
  description?: string | null;
  url: string;
  branchName?: string | null;
  state: LinearStateNode;
  team: { id: string; key: string };
  labels: { nodes: { name: string }[] };
  assignee?: { name: string; displayName: string; email?: string | null } | null;
}

export interface IssueQueryResult {
  issue: LinearIssueNode;
}

export interface IssuesQueryResult {
  issues: { nodes: LinearIssueNode[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };
}

export interface IssueWorkflowResult {
  issue: {
    id: string;
    identifier: string;
    state: LinearStateNode;
    team: { id: string; key: string; states: { nodes: LinearStateNode[] } };
  };
}

export interface UpdateIssueStateResult {
  issueUpdate: { success: boolean; issue?: { id: string; state: LinearStateNode } | null };
}

/** The team new issues are filed in, by key or UUID. */
export const TEAMS_QUERY = `query AoTeams($filter: TeamFilter) {
  teams(filter: $filter, first: 1) { nodes { id key } }
}`;

/** Labels by name, workspace-wide (team null) and teams' own. */
export const LABELS_QUERY = `query AoLabels($names: [String!]) {
  issueLabels(filter: { name: { in: $names } }, first: 250) { nodes { id name team { id } } }
}`;

export const LABEL_CREATE_MUTATION = `mutation AoLabelCreate($teamId: String!, $name: String!) {
  issueLabelCreate(input: { teamId: $teamId, name: $name }) { success issueLabel { id name } }
}`;

export const ISSUE_CREATE_MUTATION = `mutation AoIssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { id identifier } }
}`;

export const COMMENT_CREATE_MUTATION = `mutation AoCommentCreate($issueId: String!, $body: String!) {
  commentCreate(input: { issueId: $issueId, body: $body }) { success }
}`;
