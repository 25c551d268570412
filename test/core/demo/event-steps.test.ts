import { describe, expect, it } from "vitest";
import { stepForEvent } from "../../../src/core/demo/event-steps.js";
import type { StoredEvent } from "../../../src/core/store/index.js";

const event = (type: string, payload: Record<string, unknown>): StoredEvent => ({
  id: 1,
  sessionId: "demo-1",
  type,
  payload,
  createdAt: 0,
});

const TAP_TAIL = [
  "ok 3 - average is the arithmetic mean",
  "not ok 4 - average of an empty list is 0",
  "  ---",
  "  expected: 0",
  "  actual: NaN",
  "  ...",
  "# pass 3",
  "# fail 1",
].join("\n");

describe("stepForEvent", () => {
  it("shows a CI failure with the failing tests and what they expected", () => {
    const step = stepForEvent(
      event("lifecycle.ci_failed", {
        type: "ci_failed",
        pr: 1,
        headSha: "98ce1b9aaaa",
        checks: [{ name: "node --test", logTail: TAP_TAIL }],
      }),
    );
    expect(step).toEqual({
      kind: "ci_failed",
      title: "CI failed on 98ce1b9: node --test",
      detail: ["not ok 4 - average of an empty list is 0", "  expected: 0", "  actual: NaN"],
    });
  });

  it("falls back to the end of a log that is not TAP", () => {
    const logTail = Array.from({ length: 20 }, (_, index) => `line ${String(index)}`).join("\n");
    const step = stepForEvent(
      event("lifecycle.ci_failed", { headSha: "abc", checks: [{ name: "npm test", logTail }] }),
    );
    expect(step?.detail).toEqual(Array.from({ length: 8 }, (_, index) => `line ${String(index + 12)}`));
  });

  it("tells delivered reactions from failed ones", () => {
    expect(
      stepForEvent(event("reaction.delivered", { reaction: "ci-failed", action: "send-to-agent" })),
    ).toEqual({
      kind: "reaction",
      title: "reaction ci-failed: sent to the agent (pasted into its pane, submit confirmed)",
      detail: [],
    });
    expect(
      stepForEvent(event("reaction.failed", { reaction: "ci-failed", attempt: 2, error: "not delivered" })),
    ).toEqual({ kind: "warning", title: "reaction ci-failed failed (attempt 2)", detail: ["not delivered"] });
  });

  it("reports pull requests and status changes, and skips what repeats another step", () => {
    expect(stepForEvent(event("pr.opened", { number: 1, url: "file:///p/1/pull.json" }))).toEqual({
      kind: "pr_opened",
      title: "pull request #1 opened",
      detail: ["file:///p/1/pull.json"],
    });
    expect(
      stepForEvent(event("session.status", { from: "pr_open", to: "ci_failed", reason: "ci_failing" })),
    ).toEqual({ kind: "status", title: "status pr_open → ci_failed (ci_failing)", detail: [] });
    expect(stepForEvent(event("reaction.planned", { reaction: "ci-failed" }))).toBeUndefined();
    expect(stepForEvent(event("lifecycle.approved", { pr: 1, headSha: "abc" }))).toBeUndefined();
  });
});
