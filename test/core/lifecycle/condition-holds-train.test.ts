import { describe, expect, it } from "vitest";
import { clearedBecause } from "../../../src/core/lifecycle/condition-holds.js";
import type { ReactionPayload } from "../../../src/core/lifecycle/reaction-payload.js";
import type { Session } from "../../../src/core/store/index.js";

const TESTED = "b".repeat(40);
const OLD = "a".repeat(40);

function payload(queueEntry: number | undefined): ReactionPayload {
  return {
    reaction: "ci-failed",
    action: "send-to-agent",
    priority: "action",
    retries: 2,
    template: "",
    facts: {
      project: "app",
      baseBranch: "main",
      pr: { number: 3, headSha: TESTED },
      checks: [{ name: "ci" }],
      since: 1_000,
      ...(queueEntry === undefined ? {} : { queueEntry }),
    },
  };
}

/** A session as the lifecycle last observed its pull request: `head`, green CI, at `observedAt`. */
function observed(head: string, observedAt: number): Session {
  const prState = {
    headSha: head,
    observedAt,
    ci: { state: "passing", failing: [] },
    review: { decision: "approved", threads: [] },
    mergeable: true,
  };
  return { id: "app-3", status: "pr_open", prState } as unknown as Session;
}

describe("a merge train's turn holds on the head the train tested", () => {
  it("while the lifecycle has not looked at the pull request since the entry left (a forge, one cycle)", () => {
    expect(clearedBecause(payload(3), observed(OLD, 900))).toBeUndefined();
    expect(clearedBecause(payload(undefined), observed(OLD, 900))).toBe(
      "CI is no longer failing on that head",
    );
  });

  it("and after a later look only on the same head", () => {
    expect(clearedBecause(payload(3), observed(TESTED, 2_000))).toBeUndefined();
    expect(clearedBecause(payload(3), observed(OLD, 2_000))).toBe("CI is no longer failing on that head");
  });
});
