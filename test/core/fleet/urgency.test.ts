import { describe, expect, it } from "vitest";
import { byZoneUrgencyThenNewest, urgencyOf, type UrgencyFacts } from "../../../src/core/fleet/index.js";
import type { Zone } from "../../../src/core/fleet/index.js";

interface Item {
  id: string;
  zone: Zone;
  rank: number;
  at: number;
}

function item(id: string, facts: UrgencyFacts, at: number): Item {
  return { id, zone: facts.zone, rank: urgencyOf(facts).rank, at };
}

const order = byZoneUrgencyThenNewest<Item>(
  (entry) => entry.zone,
  (entry) => entry.rank,
  (entry) => entry.at,
);

describe("how urgently Needs you wants a person", () => {
  it("puts a blocked question above a CI failure handed over, above an exited and an idle agent", () => {
    const items = [
      item("idle", { status: "stuck", zone: "needs-you" }, 5),
      item("ci", { status: "ci_failed", zone: "needs-you", escalated: "ci-failed" }, 4),
      item("exited", { status: "exited", zone: "needs-you" }, 6),
      item("asks", { status: "needs_input", zone: "needs-you", question: "Run npm test" }, 1),
      item("input", { status: "needs_input", zone: "needs-you" }, 3),
      item("working", { status: "working", zone: "working" }, 9),
      item("review", { status: "changes_requested", zone: "needs-you", escalated: "changes-requested" }, 7),
    ];
    expect(items.sort(order).map((entry) => entry.id)).toEqual([
      "asks",
      "input",
      "ci",
      "review",
      "exited",
      "idle",
      "working",
    ]);
  });

  it("orders equal urgency newest first, and a zone before urgency", () => {
    const items = [
      item("old", { status: "needs_input", zone: "needs-you", question: "a" }, 1),
      item("new", { status: "needs_input", zone: "needs-you", question: "b" }, 2),
      item("merge", { status: "mergeable", zone: "ready-to-merge" }, 3),
    ];
    expect(items.sort(order).map((entry) => entry.id)).toEqual(["new", "old", "merge"]);
  });

  it("says why in plain words, the question's lines on one line", () => {
    expect(
      urgencyOf({ status: "needs_input", zone: "needs-you", question: "Bash command\n  touch a\n" }),
    ).toEqual({
      urgency: "question",
      rank: 0,
      reason: "the agent is blocked on a question: Bash command · touch a",
    });
    expect(urgencyOf({ status: "ci_failed", zone: "needs-you", escalated: "ci-failed" }).reason).toBe(
      "CI still fails after the agent's attempts",
    );
    expect(urgencyOf({ status: "exited", zone: "needs-you" }).reason).toBe(
      "the agent exited: restore or kill it",
    );
    expect(urgencyOf({ status: "stuck", zone: "needs-you" }).reason).toBe(
      "the agent sits idle without a pull request",
    );
    expect(urgencyOf({ status: "working", zone: "working" })).toMatchObject({ urgency: "other" });
  });
});
