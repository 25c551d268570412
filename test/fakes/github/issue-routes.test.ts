import { describe, expect, it } from "vitest";
import { FakeIssues } from "./issue-routes.js";
import { FakeGitHubState } from "./state.js";

describe("fake github issues", () => {
  it("numbers issues from the sequence pull requests use, per repository, as GitHub does", () => {
    const state = new FakeGitHubState();
    const issues = new FakeIssues(state);
    expect(issues.add("acme/widgets", { title: "first issue" }).number).toBe(1);
    expect(state.nextNumber("acme/widgets")).toBe(2); // what a pull request opened now gets
    expect(issues.add("acme/widgets", { title: "second issue" }).number).toBe(3);
    expect(issues.add("acme/gadgets", { title: "elsewhere" }).number).toBe(1);
    expect(issues.find("acme/widgets", 2)).toBeUndefined();
  });
});
