import { describe, expect, it } from "vitest";
import { makeLinearTracker, startLinear } from "./linear-fixture.js";

describe("tracker/linear createIssue and updateIssue", () => {
  it("files in the configured team, making a missing label once and reusing it", async () => {
    const fake = await startLinear({ teams: ["ENG", "OPS"] });
    const tracker = makeLinearTracker(fake, { teamId: fake.teamId("OPS") });
    const first = await tracker.createIssue!({
      title: "Plan plan-1: audit",
      body: "Tickets:",
      labels: ["ao-plan"],
    });
    const second = await tracker.createIssue!({ title: "Plan plan-2: ship", labels: ["ao-plan"] });
    expect([first.id, second.id]).toEqual(["OPS-1", "OPS-2"]);
    expect(first).toMatchObject({ body: "Tickets:", labels: ["ao-plan"], state: "open" });
    expect(fake.labels.filter((label) => label.name === "ao-plan")).toHaveLength(1);
    expect(fake.requests.filter((request) => request.operation === "AoLabelCreate")).toHaveLength(1);
  });

  it("closes to Done, or to Canceled when not planned, reopens to Todo, and posts the comment", async () => {
    const fake = await startLinear();
    const tracker = makeLinearTracker(fake, { team: "ENG" });
    const issue = await tracker.createIssue!({ title: "Plan plan-3: docs" });
    const done = await tracker.updateIssue!(issue, { comment: "Plan plan-3 completed.", state: "closed" });
    expect([done.state, fake.stateName(fake.issue(issue.id))]).toEqual(["closed", "Done"]);
    await tracker.updateIssue!(issue, { state: "open" });
    expect(fake.stateName(fake.issue(issue.id))).toBe("Todo");
    await tracker.updateIssue!(issue, {
      comment: "Plan plan-3 cancelled.",
      state: "closed",
      closedAs: "not_planned",
    });
    expect(fake.stateName(fake.issue(issue.id))).toBe("Canceled");
    expect(fake.issue(issue.id).comments).toEqual(["Plan plan-3 completed.", "Plan plan-3 cancelled."]);
    const moves = fake.requests.filter((request) => request.operation === "AoIssueUpdateState").length;
    await tracker.updateIssue!(issue, { state: "closed", closedAs: "not_planned" }); // already there
    expect(fake.requests.filter((request) => request.operation === "AoIssueUpdateState")).toHaveLength(moves);
  });

  it("offers no createIssue without a team to file in", async () => {
    const fake = await startLinear();
    expect("createIssue" in makeLinearTracker(fake)).toBe(false);
    expect("createIssue" in makeLinearTracker(fake, { team: "ENG" })).toBe(true);
  });
});
