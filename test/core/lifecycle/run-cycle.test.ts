import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = {
  state: "failing" as const,
  failing: [{ name: "lint", url: "https://ci.invalid/lint", logTail: "src/a.ts:3 error: x is unused" }],
};

describe("runCycle", () => {
  it("sends a CI failure to the agent exactly once, with the check name and the log tail", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const report = await f.cycle();
    expect(report).toMatchObject({ sessions: 1, planned: 1, delivered: 1, failed: 0, errors: [] });
    const sent = f.transcript(session.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("- lint (https://ci.invalid/lint)");
    expect(sent[0]).toContain("src/a.ts:3 error: x is unused");
    expect(f.session(session.id)).toMatchObject({ status: "ci_failed", reason: "ci_failing" });
    expect(f.eventTypes(session.id)).toEqual(
      expect.arrayContaining([
        "session.status",
        "lifecycle.ci_failed",
        "reaction.planned",
        "reaction.delivering",
        "reaction.delivered",
      ]),
    );

    const again = await f.cycle();
    expect(again).toMatchObject({ planned: 0, delivered: 0, events: 0 });
    expect(f.transcript(session.id)).toHaveLength(1);
  });
});

describe("runCycle reactions", () => {
  it("reacts again when CI fails on a new head SHA", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    // The agent pushes a fix and goes idle: its turn ends once its screen stood still.
    f.scm.commit(session.worktree);
    await f.scm.push(session.worktree, session.branch);
    f.runtime.print(f.runtime.processOf(session.id)!.handle, "Fixed: x is now used.");
    f.agent.setActivity(session.id, { activity: "idle" });
    await f.cycle(); // the new head is pending: nothing to say
    f.clock.advance(5_000);
    expect(f.transcript(session.id)).toHaveLength(1);
    f.scm.setCi(1, LINT_FAILS);
    const report = await f.cycle();
    expect(report).toMatchObject({ planned: 1, delivered: 1 });
    expect(f.transcript(session.id)).toHaveLength(2);
    expect(f.turns(session.id).map((turn) => [turn.origin, turn.status])).toEqual([
      ["reaction", "completed"],
      ["reaction", "running"],
    ]);
    expect(f.turns(session.id)[0]?.reply).toBe("Fixed: x is now used.");
    const keys = f.reactions(session.id).map((reaction) => reaction.dedupeKey);
    expect(new Set(keys).size).toBe(2);
  });

  it("a delivery the agent did not confirm is never pasted again: a person is told at once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.runtime.processOf(session.id)!.unresponsive = true;
    f.scm.setCi(1, LINT_FAILS);
    const first = await f.cycle();
    expect(first).toMatchObject({ delivered: 0, escalated: 1 });
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "escalated", attempts: 1 });
    expect(f.turns(session.id)).toMatchObject([{ status: "failed", deliveredAt: null }]);
    f.clock.advance(60 * 60_000);
    await f.cycle();
    expect(f.transcript(session.id)).toHaveLength(1);
    const [told] = f.notifier.sent;
    expect(told).toMatchObject({
      priority: "urgent",
      sessionId: session.id,
      url: "https://forge.invalid/pull/1",
      nextCommand: `ao session attach ${session.id}`,
    });
    expect(told?.body).toContain("t-1 could not be delivered: the message was pasted but not confirmed");
    expect(f.eventTypes(session.id)).toContain("reaction.escalated");
  });

  it("sends the unresolved review threads, and escalates when they outlast escalateAfter", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setReview(1, {
      decision: "changes_requested",
      threads: [
        { id: "t1", path: "src/a.ts", line: 3, author: "rev", body: "Rename this {{session}}", isBot: false },
      ],
    });
    await f.cycle();
    const [message] = f.transcript(session.id);
    expect(message).toContain("- src/a.ts:3 rev:\n  Rename this {{session}}");
    expect(f.reactions(session.id).map((reaction) => reaction.status)).toEqual(["done", "pending"]);
    f.clock.advance(31 * 60_000);
    const report = await f.cycle();
    expect(report.escalated).toBe(1);
    expect(f.notifier.sent[0]?.title).toContain("changes requested");
  });

  it("cancels the pending escalation when the threads were resolved", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setReview(1, {
      decision: "changes_requested",
      threads: [{ id: "t1", author: "rev", body: "fix", isBot: false }],
    });
    await f.cycle();
    f.scm.setReview(1, { decision: "pending", threads: [] });
    f.clock.advance(31 * 60_000);
    const report = await f.cycle();
    expect(report.escalated).toBe(0);
    expect(f.notifier.sent).toEqual([]);
    expect(f.reactions(session.id).map((reaction) => reaction.status)).toEqual(["done", "done"]);
    expect(f.eventTypes(session.id)).toContain("reaction.cancelled");
  });

  it("notifies a person with the PR link when the PR is approved and green", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, { state: "passing", failing: [] });
    f.scm.setReview(1, { decision: "approved", threads: [] });
    const report = await f.cycle();
    expect(report.delivered).toBe(1);
    expect(f.notifier.sent).toHaveLength(1);
    expect(f.notifier.sent[0]).toMatchObject({
      priority: "action",
      sessionId: session.id,
      url: "https://forge.invalid/pull/1",
      nextCommand: `ao merge ${session.id}`,
    });
    expect(f.notifier.sent[0]?.body).toContain("https://forge.invalid/pull/1 is approved and CI is green");
    expect(f.session(session.id).status).toBe("mergeable");
    await f.cycle();
    expect(f.notifier.sent).toHaveLength(1);
  });

  it("auto-merges with the observed head SHA when configured", async () => {
    const f = makeLifecycleFixture();
    f.writeConfig("reactions:\n  approved-and-green:\n    action: auto-merge");
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, { state: "passing", failing: [] });
    f.scm.setReview(1, { decision: "approved", threads: [] });
    await f.cycle();
    const head = f.scm.remoteHead(session.branch);
    // No method: the scm merges the way its project configured (scm/github: squash by default).
    expect(f.scm.merges).toEqual([{ number: 1, sha: head, method: undefined }]);
    await f.cycle();
    expect(f.session(session.id)).toMatchObject({ status: "merged" });
  });

  it("tells the scm to ask the forge afresh only when the cycle is fresh (a webhook's)", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    await f.cycle();
    await f.cycle({ sessionIds: [session.id], fresh: true });
    expect(f.scm.observeOptions).toEqual([{ fresh: false }, { fresh: true }]);
  });

  it("plans nothing for a reaction with auto: false", async () => {
    const f = makeLifecycleFixture();
    f.writeConfig("reactions:\n  ci-failed:\n    auto: false");
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const report = await f.cycle();
    expect(report).toMatchObject({ planned: 0, delivered: 0 });
    expect(f.reactions(session.id)).toEqual([]);
    expect(f.session(session.id).status).toBe("ci_failed");
  });
});

describe("runCycle escalation rules", () => {
  it("escalates an auto-merge the forge refuses instead of retrying it", async () => {
    const f = makeLifecycleFixture();
    f.writeConfig("reactions:\n  approved-and-green:\n    action: auto-merge");
    const session = await f.addSession({ withPr: true });
    f.scm.merge = () =>
      Promise.reject(new AoError("E_MERGE_REJECTED", "pull request #1 was not merged: branch protection"));
    f.scm.setCi(1, { state: "passing", failing: [] });
    f.scm.setReview(1, { decision: "approved", threads: [] });
    const report = await f.cycle();
    expect(report).toMatchObject({ escalated: 1, delivered: 0 });
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "escalated", attempts: 1 });
    expect(f.notifier.sent[0]).toMatchObject({ priority: "urgent", nextCommand: `ao merge ${session.id}` });
    expect(f.notifier.sent[0]?.body).toContain("branch protection");
  });

  it("escalates after the number of attempts escalateAfter gives", async () => {
    const f = makeLifecycleFixture();
    f.writeConfig("reactions:\n  ci-failed:\n    escalateAfter: 1");
    const session = await f.addSession({ withPr: true });
    f.runtime.processOf(session.id)!.unresponsive = true;
    f.scm.setCi(1, LINT_FAILS);
    const report = await f.cycle();
    expect(report.escalated).toBe(1);
    expect(f.transcript(session.id)).toHaveLength(1);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "escalated", attempts: 1 });
  });
});
