import { describe, expect, it } from "vitest";
import type { FleetCard } from "../../src/web/api/types.js";
import { mergeBlocked, restoreOffered } from "../../src/web/page/action-offers.js";
import { activityText, agentDot } from "../../src/web/page/agent-state.js";
import { summarise } from "../../src/web/page/answers.js";
import { ApiError, describeError } from "../../src/web/page/api.js";
import { liveSessionsOfIssue } from "../../src/web/page/live-duplicates.js";
import { localTime } from "../../src/web/page/local-time.js";

function cardOf(
  patch: Partial<FleetCard> & { text?: string; turn?: FleetCard["activity"]["turn"] },
): FleetCard {
  const { text = "working", turn = "idle", ...rest } = patch;
  return {
    id: "app-1",
    project: "app",
    issue: null,
    status: "working",
    pr: null,
    activity: { state: text, text, turn, last: null },
    ...rest,
  } as FleetCard;
}

describe("what the page says an agent does", () => {
  it("paints a working agent running with Interrupt, even with no turn open", () => {
    expect(agentDot(cardOf({ text: "working", turn: "idle" }))).toEqual({
      dot: "running",
      interruptible: true,
    });
    expect(agentDot(cardOf({ text: "unknown", turn: "running" }))).toEqual({
      dot: "running",
      interruptible: true,
    });
    expect(agentDot(cardOf({ text: "unknown" }))).toEqual({ dot: "unknown", interruptible: false });
    expect(agentDot(cardOf({ text: "needs_input" }))).toEqual({ dot: "waiting", interruptible: false });
    expect(agentDot(cardOf({ text: "ended", status: "killed" }))).toEqual({
      dot: "ended",
      interruptible: false,
    });
  });

  it("says unknown and ended as they are, never idle", () => {
    expect(activityText(cardOf({ text: "unknown" }))).toBe("unknown");
    expect(activityText(cardOf({ text: "ended", status: "exited" }))).toBe("ended");
    expect(activityText(cardOf({ text: "needs_input" }))).toBe("waiting for input");
    expect(activityText(cardOf({ text: "idle", turn: "running" }))).toBe("turn running");
  });
});

describe("which actions a session page offers", () => {
  it("offers Restore only once the agent is gone, and holds Merge back while CI fails", () => {
    expect(restoreOffered(cardOf({ status: "working" }))).toBe(false);
    expect(restoreOffered(cardOf({ status: "pr_open" }))).toBe(false);
    expect(restoreOffered(cardOf({ status: "exited" }))).toBe(true);
    expect(restoreOffered(cardOf({ status: "killed" }))).toBe(true);
    expect(restoreOffered(cardOf({ status: "merged" }))).toBe(false);
    const pr = (state: "failing" | "passing" | "pending", failing: string[] = []) =>
      ({ number: 1, mergeable: true, headSha: "abc1234", ci: { state, failing } }) as FleetCard["pr"];
    expect(mergeBlocked(cardOf({ pr: pr("failing", ["lint", "test"]) }))).toBe("CI failing: lint, test");
    expect(mergeBlocked(cardOf({ pr: pr("pending") }))).toBe("CI still running");
    expect(mergeBlocked(cardOf({ pr: pr("passing") }))).toBeNull();
  });

  it("finds the live sessions of an issue, as #12 or 12, leaving ended ones out", () => {
    const cards = [
      cardOf({ id: "app-1", issue: "12" }),
      cardOf({ id: "app-2", issue: "12", status: "killed" }),
      cardOf({ id: "tools-1", issue: "12", project: "tools" }),
    ];
    expect(liveSessionsOfIssue(cards, "app", "#12").map((card) => card.id)).toEqual(["app-1"]);
    expect(liveSessionsOfIssue(cards, "app", " 12 ").map((card) => card.id)).toEqual(["app-1"]);
    expect(liveSessionsOfIssue(cards, "app", "13")).toEqual([]);
    expect(liveSessionsOfIssue(cards, "app", "")).toEqual([]);
  });
});

describe("times in local time", () => {
  it("shows a payload's moments and a refusal's UTC times in local time, never raw", () => {
    const at = Date.UTC(2026, 11, 3, 14, 30);
    const line = summarise({ until: at, at, attempts: 3 });
    expect(line).toBe(`until=${localTime(at)} at=${localTime(at)} attempts=3`);
    expect(line).not.toContain(String(at));
    const refusal = new ApiError(
      409,
      "app-1 is rate limited until 2026-12-03T14:30:00.000Z",
      "E_RATE_LIMITED",
      null,
    );
    expect(describeError(refusal)).toBe(`app-1 is rate limited until ${localTime(at)}`);
  });
});
