import { describe, expect, it } from "vitest";
import { FakeTracker } from "../fakes/tracker.js";
import { trackerContract } from "./tracker.js";

trackerContract("fake", (seeds) => {
  const tracker = new FakeTracker(seeds);
  return Promise.resolve({
    tracker,
    refs: seeds.map((_seed, index) => `#${index + 1}`),
    missingRef: "#999",
    startedSessions: (ref: string) =>
      Promise.resolve(tracker.started.filter((s) => `#${s.issueId}` === ref).map((s) => s.sessionId)),
    comments: (ref: string) => Promise.resolve(tracker.comments.get(ref.replace("#", "")) ?? []),
    cleanup: () => Promise.resolve(),
  });
});

describe("FakeTracker controls", () => {
  it("accepts the issue URL as a ref and prefers the tracker's branch name", async () => {
    const tracker = new FakeTracker();
    const added = tracker.add({ title: "Add dark mode", body: "please", branchName: "eng/dark-mode" });
    const issue = await tracker.getIssue(added.url!);
    expect(tracker.branchName(issue)).toBe("eng/dark-mode");
  });

  it("filters by assignee and follows state changes", async () => {
    const tracker = new FakeTracker([
      { title: "mine", body: "", assignee: "ada" },
      { title: "theirs", body: "", assignee: "bob" },
    ]);
    expect((await tracker.listIssues({ assignee: "ada" })).map((i) => i.title)).toEqual(["mine"]);
    tracker.setState("1", "closed");
    expect(await tracker.listIssues({ assignee: "ada" })).toEqual([]);
  });
});
