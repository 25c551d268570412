import { randomUUID } from "node:crypto";
import { matchesLinearFilter } from "./linear-filter.js";
import { findIssue, graphqlError, notFound, type FakeOperation } from "./linear-operations.js";

/**
 * The fake Linear's answers to what tracker/linear files and says (createIssue, updateIssue):
 * teams by filter, labels by name and made on demand, issueCreate and commentCreate, checked the
 * way Linear checks them (a team that exists, label ids it knows, a non-empty body).
 */
export const WRITE_OPERATIONS: Record<string, FakeOperation> = {
  AoTeams: {
    root: "teams(filter: $filter, first: 1)",
    answer: (api, { filter }) => {
      const nodes = [...api.teams.entries()]
        .map(([key, team]) => ({ id: team.id, key }))
        .filter((team) => matchesLinearFilter(team, (filter ?? {}) as Record<string, unknown>));
      return { data: { teams: { nodes: nodes.slice(0, 1) } } };
    },
  },
  AoLabels: {
    root: "issueLabels(filter: { name: { in: $names } }, first: 250)",
    answer: (api, { names }) => {
      const wanted = (names ?? []) as string[];
      const nodes = api.labels
        .filter((label) => wanted.includes(label.name))
        .map((label) => ({
          id: label.id,
          name: label.name,
          team: label.teamKey === null ? null : { id: api.teamOf(label.teamKey).id },
        }));
      return { data: { issueLabels: { nodes } } };
    },
  },
  AoLabelCreate: {
    root: "issueLabelCreate(input: { teamId: $teamId, name: $name })",
    answer: (api, { teamId, name }) => {
      const key = teamKeyOf(api, teamId);
      if (key === undefined || typeof name !== "string" || name === "")
        return graphqlError("Argument Validation Error", "invalid input");
      const label = { id: randomUUID(), name, teamKey: key };
      api.labels.push(label);
      return { data: { issueLabelCreate: { success: true, issueLabel: { id: label.id, name } } } };
    },
  },
  AoIssueCreate: {
    root: "issueCreate(input: $input)",
    answer: (api, { input }) => {
      const fields = (input ?? {}) as {
        teamId?: unknown;
        title?: unknown;
        description?: unknown;
        labelIds?: unknown;
      };
      const key = teamKeyOf(api, fields.teamId);
      const ids = (fields.labelIds ?? []) as string[];
      const labels = ids.map((id) => api.labels.find((label) => label.id === id));
      if (key === undefined || typeof fields.title !== "string" || labels.includes(undefined))
        return graphqlError("Argument Validation Error", "invalid input");
      const issue = api.addIssue({
        title: fields.title,
        description: typeof fields.description === "string" ? fields.description : null,
        labels: labels.map((label) => label!.name),
        team: key,
      });
      return {
        data: { issueCreate: { success: true, issue: { id: issue.id, identifier: issue.identifier } } },
      };
    },
  },
  AoCommentCreate: {
    root: "commentCreate(input: { issueId: $issueId, body: $body })",
    answer: (api, { issueId, body }) => {
      const issue = findIssue(api, String(issueId));
      if (issue === undefined) return notFound();
      if (typeof body !== "string" || body.trim() === "")
        return graphqlError("Argument Validation Error", "invalid input");
      issue.comments.push(body);
      return { data: { commentCreate: { success: true } } };
    },
  },
};

function teamKeyOf(api: { teams: ReadonlyMap<string, { id: string }> }, teamId: unknown): string | undefined {
  return [...api.teams.entries()].find(([, team]) => team.id === teamId)?.[0];
}
