import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { openLifecycleEngine, refreshSessions, runCycle } from "../../../src/core/lifecycle/index.js";
import { listSessionViews } from "../../../src/core/sessions/list-sessions.js";
import { getMeta } from "../../../src/core/store/index.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

describe("runCycle when things go wrong", () => {
  it("keeps going when the forge fails: the PR status stands, the error is reported", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    f.scm.observe = () => Promise.reject(new Error("rate limited"));
    const report = await f.cycle();
    expect(report.errors).toEqual([expect.stringContaining("rate limited")]);
    expect(f.session(session.id)).toMatchObject({ status: "ci_failed" });
    const meta = JSON.parse(getMeta((await f.engine()).store, "lifecycle.lastCycle") ?? "{}") as Record<
      string,
      unknown
    >;
    expect(meta).toMatchObject({
      at: report.at,
      sessions: 1,
      error: expect.stringContaining("rate limited") as string,
    });
  });

  it("retries a notification no notifier took, then gives it up loudly", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.notifier.failWith = new Error("slack is down");
    f.scm.setCi(1, { state: "passing", failing: [] });
    f.scm.setReview(1, { decision: "approved", threads: [] });
    await f.cycle();
    f.clock.advance(60_000);
    await f.cycle();
    f.clock.advance(120_000);
    const last = await f.cycle();
    expect(last.failed).toBe(1);
    const [reaction] = f.reactions(session.id);
    expect(reaction).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: expect.stringContaining("slack is down") as string,
    });
    const types = f.eventTypes(session.id);
    expect(types.filter((type) => type === "notification.failed")).toHaveLength(3);
    expect(types.filter((type) => type === "reaction.failed")).toHaveLength(3);
    expect(f.ctx.logger.records.some((entry) => entry.level === "error")).toBe(true);
  });

  it("records a notification a notifier cannot show here as dropped, never as sent or delivered", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.notifier.failWith = new AoError("E_NOTIFIER_UNAVAILABLE", "notify-send was not found on PATH");
    f.scm.setCi(1, { state: "passing", failing: [] });
    f.scm.setReview(1, { decision: "approved", threads: [] });
    await f.cycle();
    const types = f.eventTypes(session.id);
    expect(types).toContain("notification.dropped");
    expect(types).not.toContain("notification.sent");
    expect(types).not.toContain("reaction.delivered");
    const [reaction] = f.reactions(session.id);
    expect(reaction?.lastError).toContain("dropped (notify-send was not found on PATH)");
  });

  it("cancels a reaction whose condition cleared before it was delivered", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle({ deliver: false });
    f.scm.setCi(1, { state: "passing", failing: [] });
    await f.cycle();
    expect(f.transcript(session.id)).toEqual([]);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    expect(f.eventTypes(session.id)).toContain("reaction.cancelled");
  });

  it("two engines running cycles at once deliver once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const other = await openLifecycleEngine(f.ctx, {});
    try {
      const reports = await Promise.all([f.cycle(), runCycle(f.ctx, other)]);
      expect(reports.map((report) => report.errors)).toEqual([[], []]);
      expect(reports.reduce((sum, report) => sum + report.planned, 0)).toBe(1);
      expect(f.transcript(session.id)).toHaveLength(1);
      expect(f.eventTypes(session.id).filter((type) => type === "lifecycle.ci_failed")).toHaveLength(1);
    } finally {
      other.close();
    }
  });
});

describe("agent reactions", () => {
  it("tells a person an agent is waiting, with the end of its screen and the command to attach", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    await f.cycle();
    f.runtime.print(f.runtime.processOf(session.id)!.handle, "Do you want to make this edit?\n❯ 1. Yes");
    f.agent.setActivity(session.id, { activity: "needs_input" });
    await f.cycle();
    expect(f.notifier.sent).toHaveLength(1);
    expect(f.notifier.sent[0]).toMatchObject({
      priority: "urgent",
      sessionId: session.id,
      nextCommand: `ao session attach ${session.id}`,
    });
    expect(f.notifier.sent[0]?.body).toContain("is waiting for your input");
    expect(f.notifier.sent[0]?.body).toContain("Do you want to make this edit?");
    await f.cycle();
    expect(f.notifier.sent).toHaveLength(1);
  });

  it("tells a person once when the agent exited, after two probes agree", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    await f.cycle();
    f.runtime.exit(f.runtime.processOf(session.id)!.handle, 1);
    await f.cycle();
    expect(f.notifier.sent).toEqual([]);
    await f.cycle();
    expect(f.session(session.id)).toMatchObject({ status: "exited", reason: "agent_failed" });
    expect(f.notifier.sent).toHaveLength(1);
    expect(f.notifier.sent[0]).toMatchObject({ nextCommand: `ao session restore ${session.id}` });
    expect(f.notifier.sent[0]?.body).toContain("exited (agent_failed)");
  });

  it("announces all-complete once when the project's last session ends", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.close(1, "merged");
    await f.cycle();
    expect(f.session(session.id).status).toBe("merged");
    const complete = f.notifier.sent.filter((notification) => notification.title.includes("all sessions"));
    expect(complete).toHaveLength(1);
    expect(complete[0]?.body).toContain(`${session.id}: merged https://forge.invalid/pull/1`);
  });
});

describe("ao status --refresh", () => {
  it("observes first, then lists the PR columns from the store", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    const plain = await listSessionViews(f.ctx, {});
    expect(plain[0]?.pr).toMatchObject({ number: 1, state: null, ci: null });
    const [view] = await listSessionViews(f.ctx, { refresh: refreshSessions });
    expect(view).toMatchObject({
      id: session.id,
      status: "ci_failed",
      pr: {
        number: 1,
        url: "https://forge.invalid/pull/1",
        state: "open",
        ci: { state: "failing", failing: [{ name: "lint", url: null }] },
        review: { decision: "none", unresolvedThreads: 0 },
        mergeable: true,
        observedAt: new Date(f.clock.now()).toISOString(),
      },
      statusSince: new Date(f.clock.now()).toISOString(),
    });
    expect(f.transcript(session.id)).toEqual([]);
  });
});
