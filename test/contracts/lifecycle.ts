import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_STATUSES } from "../../src/core/slots/index.js";
import type {
  Lifecycle,
  Observations,
  PullRequestObservation,
  SessionSnapshot,
} from "../../src/core/slots/index.js";
import { deepFreeze, observationsArb, snapshotArb } from "./lifecycle-arbitraries.js";

export interface LifecycleSubject {
  lifecycle: Lifecycle;
  cleanup(): Promise<void>;
}

const NOW = 1_700_000_000_000;
const working: SessionSnapshot = {
  sessionId: "app-1",
  status: "working",
  reason: "agent_working",
  since: NOW - 60_000,
};
const prOpen: SessionSnapshot = { ...working, status: "pr_open", reason: "pr_open", pr: { number: 7 } };
const alive = { state: "alive" as const };
const pr = (overrides: Partial<PullRequestObservation>): PullRequestObservation => ({
  number: 7,
  state: "open",
  headSha: "a".repeat(40),
  ci: { state: "pending", failing: [] },
  review: { decision: "none", threads: [] },
  mergeable: true,
  ...overrides,
});

/** The behaviour every lifecycle has; run it with `lifecycleContract("core", makeSubject)`. */
export function lifecycleContract(name: string, makeSubject: () => Promise<LifecycleSubject>): void {
  describe(`lifecycle contract: ${name}`, () => {
    let subject: LifecycleSubject;
    afterEach(() => subject.cleanup());
    const decide = (previous: SessionSnapshot, observations: Observations) =>
      subject.lifecycle.decide(previous, observations);

    it("is pure: same input, same output, input untouched", async () => {
      subject = await makeSubject();
      fc.assert(
        fc.property(snapshotArb, observationsArb, (previous, observations) => {
          const copies = structuredClone({ previous, observations });
          const first = decide(deepFreeze(previous), deepFreeze(observations));
          expect(decide(previous, observations)).toEqual(first);
          expect({ previous, observations }).toEqual(copies);
        }),
      );
    });

    it("answers a known status, a reason, and plain-data events with one status_changed per change", async () => {
      subject = await makeSubject();
      fc.assert(
        fc.property(snapshotArb, observationsArb, (previous, observations) => {
          const decision = decide(previous, observations);
          expect(SESSION_STATUSES).toContain(decision.status);
          expect(decision.reason).toMatch(/\S/);
          expect(JSON.parse(JSON.stringify(decision.events))).toEqual(decision.events);
          const changes = decision.events.filter((event) => event.type === "status_changed");
          const expected =
            decision.status === previous.status ? [] : [{ from: previous.status, to: decision.status }];
          expect(changes.map((event) => ({ from: event.from, to: event.to }))).toEqual(expected);
        }),
      );
    });

    it("never reads an unknown liveness as dead", async () => {
      subject = await makeSubject();
      const alivePreviously = snapshotArb.filter((s) => !["exited", "killed", "errored"].includes(s.status));
      const unknown = observationsArb.map((o) => ({
        ...o,
        liveness: { state: "unknown" as const, reason: "tmux busy" },
      }));
      fc.assert(
        fc.property(alivePreviously, unknown, (previous, observations) => {
          expect(["exited", "killed", "errored"]).not.toContain(decide(previous, observations).status);
        }),
      );
    });

    it("never kills a session on its own, and a killed or merged session stays so", async () => {
      subject = await makeSubject();
      fc.assert(
        fc.property(snapshotArb, observationsArb, (previous, observations) => {
          const status = decide(previous, observations).status;
          if (previous.status === "killed" || previous.status === "merged")
            expect(status).toBe(previous.status);
          else expect(status).not.toBe("killed");
        }),
      );
    });

    it("follows the agent while there is no pull request", async () => {
      subject = await makeSubject();
      const activity = (kind: "working" | "idle" | "needs_input") =>
        decide(
          { ...working, status: "spawning" },
          { at: NOW, liveness: alive, activity: { activity: kind }, pr: null },
        );
      expect(activity("working").status).toBe("working");
      expect(activity("idle").status).toBe("idle");
      expect(activity("needs_input").status).toBe("needs_input");
    });

    it("says exited when the process is gone and there is no pull request", async () => {
      subject = await makeSubject();
      const gone = decide(working, { at: NOW, liveness: { state: "exited", exitCode: 1 }, pr: null });
      const missing = decide(working, { at: NOW, liveness: { state: "missing" }, pr: null });
      expect(["exited", "errored"]).toContain(gone.status);
      expect(["exited", "errored"]).toContain(missing.status);
    });

    it("reports failing CI with its checks", async () => {
      subject = await makeSubject();
      const failing = pr({ ci: { state: "failing", failing: [{ name: "unit", logTail: "1 failed" }] } });
      const decision = decide(prOpen, { at: NOW, liveness: alive, pr: failing });
      expect(decision.status).toBe("ci_failed");
      expect(decision.events).toContainEqual({
        type: "ci_failed",
        pr: 7,
        headSha: failing.headSha,
        checks: failing.ci.failing,
      });
    });

    it("reports requested changes with their threads", async () => {
      subject = await makeSubject();
      const thread = { id: "t1", author: "ada", body: "rename", isBot: false };
      const changes = pr({
        ci: { state: "passing", failing: [] },
        review: { decision: "changes_requested", threads: [thread] },
      });
      const decision = decide(prOpen, { at: NOW, liveness: alive, pr: changes });
      expect(decision.status).toBe("changes_requested");
      expect(decision.events).toContainEqual({
        type: "changes_requested",
        pr: 7,
        headSha: changes.headSha,
        threads: [thread],
      });
    });

    it("says mergeable when approved, green and mergeable", async () => {
      subject = await makeSubject();
      const ready = pr({
        ci: { state: "passing", failing: [] },
        review: { decision: "approved", threads: [] },
      });
      const decision = decide(prOpen, { at: NOW, liveness: alive, pr: ready });
      expect(decision.status).toBe("mergeable");
      expect(decision.events).toContainEqual({ type: "mergeable", pr: 7, headSha: ready.headSha });
    });

    it("says merged once the pull request is merged, whatever the process does", async () => {
      subject = await makeSubject();
      for (const liveness of [
        alive,
        { state: "missing" as const },
        { state: "unknown" as const, reason: "x" },
      ]) {
        const decision = decide(prOpen, { at: NOW, liveness, pr: pr({ state: "merged" }) });
        expect(decision.status).toBe("merged");
        expect(decision.events).toContainEqual({ type: "merged", pr: 7 });
      }
    });
  });
}
