import type { Issue } from "../../../core/plugin-api.js";
import { remoteTaskPrompt } from "../_shared/remote-task-prompt.js";
import { CLOSED_STATE_TYPES } from "./issue-filter.js";
import type { LinearIssueNode } from "./linear-queries.js";

/** A Linear issue as tracker/linear returns it: the slot's Issue plus Linear's own words for it. */
export interface LinearIssue extends Issue {
  /** `ENG-123`, also the `id` (what people recognise; Linear resolves it like the UUID). */
  identifier: string;
  /** The workflow state's name (`In Progress`); `state` only says open or closed. */
  stateName: string;
  team: string;
  assignee?: string;
}

export function toLinearIssue(node: LinearIssueNode): LinearIssue {
  const closed = (CLOSED_STATE_TYPES as readonly string[]).includes(node.state.type);
  const assignee = node.assignee?.displayName ?? node.assignee?.name;
  return {
    id: node.identifier,
    identifier: node.identifier,
    title: node.title,
    body: node.description ?? "",
    url: node.url,
    labels: node.labels.nodes.map((label) => label.name),
    state: closed ? "closed" : "open",
    stateName: node.state.name,
    team: node.team.key,
    ...(node.branchName ? { branchName: node.branchName } : {}),
    ...(assignee === undefined ? {} : { assignee }),
  };
}

export function linearTaskPrompt(issue: Issue): string {
  const linear = issue as Partial<LinearIssue> & Issue;
  return remoteTaskPrompt({
    heading: `Issue ${issue.id}`,
    title: issue.title,
    facts: [
      ...(issue.url === undefined ? [] : [["URL", issue.url] as const]),
      ["Labels", issue.labels.length === 0 ? "none" : issue.labels.join(", ")],
      ["State", linear.stateName ?? issue.state],
    ],
    source: "a Linear issue",
    body: issue.body,
  });
}
