import { AoError, type Issue, type IssueUpdate, type NewIssue } from "../../../core/plugin-api.js";
import type { LinearRequest } from "./linear-api.js";
import {
  COMMENT_CREATE_MUTATION,
  ISSUE_CREATE_MUTATION,
  ISSUE_WORKFLOW_QUERY,
  LABEL_CREATE_MUTATION,
  LABELS_QUERY,
  TEAMS_QUERY,
  UPDATE_ISSUE_STATE_MUTATION,
  type IssueWorkflowResult,
  type LinearStateNode,
} from "./linear-queries.js";

/** The team new issues are filed in: its key (ENG) or its UUID, from the tracker's options. */
export type LinearTeamRef = { key: string } | { id: string };

/**
 * Files an issue in the team and returns its identifier (ENG-124). Labels are matched by name,
 * workspace-wide ones and the team's own; a name neither has is created in the team first, so
 * a plan's `ao-plan` label exists from its first plan on.
 */
export async function createLinearIssue(
  request: LinearRequest,
  team: LinearTeamRef,
  input: NewIssue,
): Promise<string> {
  const teamFilter = "key" in team ? { key: { eq: team.key.toUpperCase() } } : { id: { eq: team.id } };
  const teams = await request<{ teams: { nodes: { id: string; key: string }[] } }>(TEAMS_QUERY, {
    filter: teamFilter,
  });
  const found = teams.teams.nodes[0];
  if (found === undefined)
    throw new AoError("E_CONFIG_INVALID", `Linear has no team ${"key" in team ? team.key : team.id}`, {
      hint: "set tracker.team to a team key the API key's workspace has (Settings → Teams)",
    });
  const labelIds = await labelIdsFor(request, found.id, input.labels ?? []);
  const created = await request<{ issueCreate: { success: boolean; issue?: { identifier: string } | null } }>(
    ISSUE_CREATE_MUTATION,
    { input: { teamId: found.id, title: input.title, description: input.body ?? "", labelIds } },
  );
  const identifier = created.issueCreate.issue?.identifier;
  if (!created.issueCreate.success || identifier === undefined)
    throw new AoError("E_PLUGIN_FAILED", `Linear did not file the issue "${input.title}"`, {
      hint: `check that the key may create issues in team ${found.key}`,
    });
  return identifier;
}

async function labelIdsFor(
  request: LinearRequest,
  teamId: string,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await request<{
    issueLabels: { nodes: { id: string; name: string; team?: { id: string } | null }[] };
  }>(LABELS_QUERY, { names: [...names] });
  const usable = known.issueLabels.nodes.filter((label) => label.team == null || label.team.id === teamId);
  const ids: string[] = [];
  for (const name of names) {
    const label = usable.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (label !== undefined) ids.push(label.id);
    else {
      const made = await request<{ issueLabelCreate: { success: boolean; issueLabel: { id: string } } }>(
        LABEL_CREATE_MUTATION,
        { teamId, name },
      );
      ids.push(made.issueLabelCreate.issueLabel.id);
    }
  }
  return ids;
}

/**
 * Comments on the issue, then moves it to a workflow state of its team that fits: closed goes to
 * the first `completed` state (`canceled` when closed as not planned), open to the first
 * `unstarted` one (else `backlog`). An issue already in a state of that kind is left there.
 */
export async function updateLinearIssue(
  request: LinearRequest,
  issue: Issue,
  update: IssueUpdate,
): Promise<void> {
  const { issue: current } = await request<IssueWorkflowResult>(ISSUE_WORKFLOW_QUERY, { id: issue.id });
  const comment = update.comment?.trim() ?? "";
  if (comment !== "") {
    const posted = await request<{ commentCreate: { success: boolean } }>(COMMENT_CREATE_MUTATION, {
      issueId: current.id,
      body: comment,
    });
    if (!posted.commentCreate.success)
      throw new AoError("E_PLUGIN_FAILED", `Linear did not take the comment on ${current.identifier}`, {
        hint: "check that the key may comment on issues of this team",
      });
  }
  if (update.state === undefined) return;
  const kinds = wantedTypes(update);
  if (kinds.includes(current.state.type)) return;
  const target = firstOf(current.team.states.nodes, kinds);
  if (target === undefined)
    throw new AoError(
      "E_PLUGIN_FAILED",
      `team ${current.team.key} has no ${kinds.join(" or ")} workflow state`,
      {
        hint: "add one in Linear (Settings → Teams → Workflow)",
      },
    );
  const moved = await request<{ issueUpdate: { success: boolean } }>(UPDATE_ISSUE_STATE_MUTATION, {
    id: current.id,
    stateId: target.id,
  });
  if (!moved.issueUpdate.success)
    throw new AoError("E_PLUGIN_FAILED", `Linear did not move ${current.identifier} to "${target.name}"`, {
      hint: "check that the key may edit issues of this team",
    });
}

function wantedTypes(update: IssueUpdate): string[] {
  if (update.state === "open") return ["unstarted", "backlog"];
  return [update.closedAs === "not_planned" ? "canceled" : "completed"];
}

function firstOf(states: readonly LinearStateNode[], kinds: readonly string[]): LinearStateNode | undefined {
  for (const kind of kinds) {
    const state = states.find((candidate) => candidate.type === kind);
    if (state !== undefined) return state;
  }
  return undefined;
}
