import { AoError } from "../../../core/plugin-api.js";
import type { LinearRequest } from "./linear-api.js";
import {
  ISSUE_WORKFLOW_QUERY,
  UPDATE_ISSUE_STATE_MUTATION,
  type IssueWorkflowResult,
  type UpdateIssueStateResult,
} from "./linear-queries.js";

/**
 * Moves the issue to the workflow state named `stateName` (matched without regard to case) of its
 * own team. An issue already in that state is left alone, so a restarted spawn changes nothing.
 */
export async function moveIssueToState(
  request: LinearRequest,
  issueId: string,
  stateName: string,
): Promise<void> {
  const { issue } = await request<IssueWorkflowResult>(ISSUE_WORKFLOW_QUERY, { id: issueId });
  const wanted = stateName.trim().toLowerCase();
  const target = issue.team.states.nodes.find((state) => state.name.toLowerCase() === wanted);
  if (target === undefined) {
    const names = issue.team.states.nodes.map((state) => state.name).join(", ");
    throw new AoError("E_CONFIG_INVALID", `team ${issue.team.key} has no workflow state "${stateName}"`, {
      hint: `set tracker.startedState to one of: ${names}`,
      details: { team: issue.team.key, startedState: stateName },
    });
  }
  if (issue.state.id === target.id) return;
  const result = await request<UpdateIssueStateResult>(UPDATE_ISSUE_STATE_MUTATION, {
    id: issue.id,
    stateId: target.id,
  });
  if (!result.issueUpdate.success) {
    throw new AoError("E_PLUGIN_FAILED", `Linear did not move ${issue.identifier} to "${target.name}"`, {
      hint: "check that the key may edit issues of this team",
    });
  }
}
