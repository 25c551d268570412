import { z } from "zod";
import {
  branchNameFor,
  definePlugin,
  type Issue,
  type IssueFilter,
  type PluginContext,
  type Tracker,
} from "../../core/plugin-api.js";
import { checkLinearKey } from "./linear/key-check.js";
import { linearIssueFilter } from "./linear/issue-filter.js";
import { linearIssueId } from "./linear/issue-ref.js";
import { linearRequester, type LinearRequest } from "./linear/linear-api.js";
import { linearTaskPrompt, toLinearIssue, type LinearIssue } from "./linear/linear-issue.js";
import {
  ISSUE_QUERY,
  ISSUES_QUERY,
  type IssueQueryResult,
  type IssuesQueryResult,
} from "./linear/linear-queries.js";
import { createLinearIssue, updateLinearIssue, type LinearTeamRef } from "./linear/issue-writes.js";
import { moveIssueToState } from "./linear/mark-started.js";

/**
 * tracker/linear: issues from Linear through @linear/sdk, by identifier (`ENG-123`) or URL. The API
 * key comes from LINEAR_API_KEY and is used only in the client's Authorization header.
 * See docs/trackers.md.
 */
const optionsSchema = z.strictObject({
  apiUrl: z.url().optional().meta({
    description:
      "Linear's GraphQL endpoint; default https://api.linear.app/graphql (http only for localhost).",
  }),
  team: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "a team key such as ENG")
    .optional()
    .meta({
      description: "Team key (ENG): listIssues only lists this team's issues, and a bare 123 means ENG-123.",
    }),
  teamId: z.string().min(1).optional().meta({
    description:
      "Team UUID, as the original ao writes it: listIssues only lists this team's issues. `team` (the key, ENG) also lets a bare 123 mean ENG-123.",
  }),
  startedState: z.string().min(1).optional().meta({
    description:
      "Workflow state (e.g. In Progress) an issue moves to when a session starts on it; unset: no change.",
  }),
  states: z.array(z.string().min(1)).optional().meta({
    description:
      "Workflow states (e.g. [Todo]) that count as open for listIssues / batch-spawn; default every open state.",
  }),
});

export type LinearTrackerOptions = z.output<typeof optionsSchema>;

export const plugin = definePlugin({
  slot: "tracker",
  name: "linear",
  description: "issues from Linear (ENG-123 or the issue URL); key from LINEAR_API_KEY",
  options: optionsSchema,
  doctor: (_options, ctx) => checkLinearKey(ctx),
  create: (options, ctx) => createLinearTracker(ctx, options),
});

/** Fetches this many issues per page when listing; Linear allows up to 250. */
const PAGE_SIZE = 50;
/** A batch spawn of more issues than this is surely a filter mistake; stop paging there. */
const MAX_LISTED = 500;

export function createLinearTracker(
  ctx: Pick<PluginContext, "env" | "logger">,
  options: LinearTrackerOptions,
): Tracker {
  const request = linearRequester(ctx, options.apiUrl);
  const read = async (id: string) =>
    toLinearIssue((await request<IssueQueryResult>(ISSUE_QUERY, { id })).issue);
  const tracker: Tracker = {
    getIssue: async (ref) => read(linearIssueId(ref, options.team)),
    branchName: (issue) =>
      branchNameFor({
        trackerBranch: issue.branchName,
        issueId: issue.id,
        title: issue.title,
        sessionId: issue.id,
      }),
    taskPrompt: linearTaskPrompt,
    listIssues: (filter) => listIssues(request, filter, options),
    closingReference: (issue) => `Fixes ${issue.id}`,
    updateIssue: async (issue, update) => {
      await updateLinearIssue(request, issue, update);
      return read(issue.id);
    },
  };
  // Filing needs a team; without `team` or `teamId` the tracker cannot say which, so it offers none.
  const team: LinearTeamRef | undefined =
    options.team !== undefined
      ? { key: options.team }
      : options.teamId !== undefined
        ? { id: options.teamId }
        : undefined;
  if (team !== undefined)
    tracker.createIssue = async (input) => read(await createLinearIssue(request, team, input));
  const startedState = options.startedState;
  // Without startedState there is nothing to tell Linear, so the tracker has no markStarted at all.
  if (startedState !== undefined)
    tracker.markStarted = (issue) => moveIssueToState(request, issue.id, startedState);
  return tracker;
}

async function listIssues(
  request: LinearRequest,
  filter: IssueFilter,
  options: LinearTrackerOptions,
): Promise<Issue[]> {
  const linearFilter = linearIssueFilter(filter, options);
  const issues: LinearIssue[] = [];
  let after: string | undefined;
  do {
    const page = (
      await request<IssuesQueryResult>(ISSUES_QUERY, { filter: linearFilter, first: PAGE_SIZE, after })
    ).issues;
    issues.push(...page.nodes.map(toLinearIssue));
    after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined;
  } while (after !== undefined && issues.length < MAX_LISTED);
  return issues;
}
