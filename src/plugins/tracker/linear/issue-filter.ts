import type { IssueFilter } from "../../../core/plugin-api.js";

/** Workflow state types Linear counts as finished; every other type (triage, backlog…) is open. */
export const CLOSED_STATE_TYPES = ["completed", "canceled"] as const;

export interface LinearListDefaults {
  /** Team key the list is limited to. */
  team?: string | undefined;
  /** Team UUID (the original ao's `teamId`) the list is limited to. */
  teamId?: string | undefined;
  /** State names an open-issue list is limited to (e.g. only `Todo`). */
  states?: readonly string[] | undefined;
}

/**
 * Linear's `IssueFilter` for ao's filter: every label must be on the issue, the assignee is matched
 * by email, display name or name (`me` is the key's own user), and open means any state that is
 * not completed or canceled.
 */
export function linearIssueFilter(
  filter: IssueFilter,
  defaults: LinearListDefaults,
): Record<string, unknown> {
  const clauses: Record<string, unknown>[] = [];
  if (defaults.team !== undefined) clauses.push({ team: { key: { eq: defaults.team.toUpperCase() } } });
  if (defaults.teamId !== undefined) clauses.push({ team: { id: { eq: defaults.teamId } } });
  const state = stateClause(filter.state ?? "open", defaults.states);
  if (state !== undefined) clauses.push({ state });
  for (const label of filter.labels ?? [])
    clauses.push({ labels: { some: { name: { eqIgnoreCase: label } } } });
  if (filter.assignee !== undefined) clauses.push({ assignee: assigneeClause(filter.assignee) });
  return { and: clauses };
}

function stateClause(
  state: "open" | "closed" | "all",
  names: readonly string[] | undefined,
): Record<string, unknown> | undefined {
  if (state === "all") return undefined;
  if (state === "closed") return { type: { in: [...CLOSED_STATE_TYPES] } };
  const open = { type: { nin: [...CLOSED_STATE_TYPES] } };
  return names === undefined || names.length === 0 ? open : { ...open, name: { in: [...names] } };
}

function assigneeClause(assignee: string): Record<string, unknown> {
  if (assignee === "me" || assignee === "@me") return { isMe: { eq: true } };
  return {
    or: [
      { email: { eqIgnoreCase: assignee } },
      { displayName: { eqIgnoreCase: assignee } },
      { name: { eqIgnoreCase: assignee } },
    ],
  };
}
