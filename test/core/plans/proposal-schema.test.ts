import { describe, expect, it } from "vitest";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import {
  parseProposal,
  parseProposalText,
  type ProposalIssue,
} from "../../../src/core/plans/parse-proposal.js";
import { diamondProposal } from "./plan-fixture.js";

function issuesOf(fn: () => unknown): { error: AoError; issues: ProposalIssue[] } {
  try {
    fn();
  } catch (error) {
    if (isAoError(error)) return { error, issues: error.details?.["issues"] as ProposalIssue[] };
    throw error;
  }
  throw new Error("expected the proposal to be refused");
}

const withTickets = (tickets: unknown[]) => ({ ...diamondProposal(), tickets });
const ticket = (id: string, dependsOn: string[] = [], role = "dev") => ({
  id,
  title: id,
  body: id,
  role,
  dependsOn,
});

describe("the proposal schema", () => {
  it("takes the diamond", () => {
    expect(parseProposal(diamondProposal()).tickets.map((t) => t.id)).toEqual(["A", "B", "C"]);
  });

  it("names a cycle by its ids, at the path of the ticket that starts it", () => {
    const { error, issues } = issuesOf(() =>
      parseProposal(
        withTickets([ticket("A"), ticket("B", ["A", "D"]), ticket("C", ["B"]), ticket("D", ["C"])]),
      ),
    );
    expect(error.code).toBe("E_PLAN_INVALID");
    expect(issues).toEqual([
      {
        path: "tickets[1].dependsOn",
        keyPath: ["tickets", 1, "dependsOn"],
        message: "dependency cycle: B → D → C → B",
      },
    ]);
  });

  it("names unknown roles, dangling dependencies and duplicate ids with their paths", () => {
    const { issues } = issuesOf(() =>
      parseProposal(withTickets([ticket("A"), ticket("A", [], "tester"), ticket("C", ["Z"])])),
    );
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'tickets[1].role: unknown role "tester" (roles are "dev", "writer")',
      'tickets[1].id: duplicate ticket id "A" (tickets[0] has it too)',
      'tickets[2].dependsOn[0]: depends on "Z", which is no ticket of this plan',
    ]);
  });

  it("refuses a plan without a synthesis, and a ticket named like a stage", () => {
    const { synthesis: _, ...noSynthesis } = diamondProposal();
    expect(issuesOf(() => parseProposal(noSynthesis)).issues[0]).toMatchObject({
      path: "synthesis",
      message: "a plan needs a synthesis: the last stage, which produces the deliverable",
    });
    expect(issuesOf(() => parseProposal(withTickets([ticket("synthesis")]))).issues[0]?.path).toBe(
      "tickets[0].id",
    );
  });

  it("gives a plan file's problems with line and column", () => {
    const text = [
      "goal: g",
      "roles:",
      "  dev: { kind: existing, agent: x }",
      "tickets:",
      "  - { id: A, title: a, body: b, role: dev, dependsOn: [B] }",
      "  - { id: B, title: b, body: b, role: dev, dependsOn: [A] }",
      "synthesis: { role: dev, body: sum up }",
    ].join("\n");
    const { error } = issuesOf(() => parseProposalText(text, "/tmp/plan.yaml", "/tmp"));
    expect(error.message).toBe(
      "invalid plan (1 problem):\n  /tmp/plan.yaml:5:55 tickets[0].dependsOn: dependency cycle: A → B → A",
    );
  });
});
