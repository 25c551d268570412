import { describe, expect, it } from "vitest";
import type {
  LifecycleEventType,
  Observations,
  SessionSnapshot,
  SessionStatus,
} from "../../../src/core/slots/index.js";
import { DEFAULT_STUCK_AFTER_MS, createCoreLifecycle } from "../../../src/plugins/lifecycle/core.js";
import {
  MINUTE,
  MISSING,
  NOW,
  SHA_A,
  UNKNOWN,
  failingCi,
  observed,
  passingCi,
  pullRequest,
  snapshot,
  thread,
} from "./lifecycle-fixtures.js";

const lifecycle = createCoreLifecycle();
const decide: typeof lifecycle.decide = (previous, observations) => lifecycle.decide(previous, observations);

interface Row {
  name: string;
  previous: SessionSnapshot;
  observations: Observations;
  status: SessionStatus;
  reason: string;
  events: LifecycleEventType[];
}

function check(rows: Row[]): void {
  it.each(rows)("$name", ({ previous, observations, status, reason, events }) => {
    const decision = decide(previous, observations);
    expect({ status: decision.status, reason: decision.reason }).toEqual({ status, reason });
    expect(decision.events.map((event) => event.type)).toEqual(events);
  });
}

describe("lifecycle/core without a pull request: the agent's activity", () => {
  const idleFor = (ms: number, overrides: Parameters<typeof snapshot>[0] = {}) =>
    snapshot({ status: "idle", reason: "agent_idle", since: NOW - ms, ...overrides });
  check([
    {
      name: "spawning + working → working",
      previous: snapshot({ status: "spawning", reason: "spawning", memory: {} }),
      observations: observed({ activity: { activity: "working" } }),
      status: "working",
      reason: "agent_working",
      events: ["status_changed"],
    },
    {
      name: "working + idle → idle",
      previous: snapshot(),
      observations: observed({ activity: { activity: "idle" } }),
      status: "idle",
      reason: "agent_idle",
      events: ["status_changed"],
    },
    {
      name: "idle + needs_input → needs_input, with the event the urgent notification keys on",
      previous: idleFor(MINUTE),
      observations: observed({ activity: { activity: "needs_input" } }),
      status: "needs_input",
      reason: "agent_needs_input",
      events: ["status_changed", "needs_input"],
    },
    {
      name: "needs_input still waiting → no second needs_input",
      previous: snapshot({
        status: "needs_input",
        reason: "agent_needs_input",
        memory: { runtime: "alive", needsInput: true },
      }),
      observations: observed({ activity: { activity: "needs_input" } }),
      status: "needs_input",
      reason: "agent_needs_input",
      events: [],
    },
    {
      name: "idle under the threshold stays idle",
      previous: idleFor(DEFAULT_STUCK_AFTER_MS - 1),
      observations: observed({ activity: { activity: "idle" } }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "idle past the default threshold (10m) → stuck",
      previous: idleFor(DEFAULT_STUCK_AFTER_MS),
      observations: observed({ activity: { activity: "idle" } }),
      status: "stuck",
      reason: "idle_past_threshold",
      events: ["status_changed", "stuck"],
    },
    {
      name: "the project's threshold from the observations wins over the default",
      previous: idleFor(12 * MINUTE),
      observations: observed({ activity: { activity: "idle" }, stuckAfterMs: 15 * MINUTE }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "no activity change (unknown) while idle counts as quiet too",
      previous: idleFor(11 * MINUTE),
      observations: observed({ activity: { activity: "unknown" } }),
      status: "stuck",
      reason: "idle_past_threshold",
      events: ["status_changed", "stuck"],
    },
    {
      name: "a first quiet answer after work is idle, however old lastActivityAt is",
      previous: snapshot({ since: NOW - 60 * MINUTE, lastActivityAt: NOW - 30 * MINUTE }),
      observations: observed({ activity: { activity: "idle" } }),
      status: "idle",
      reason: "agent_idle",
      events: ["status_changed"],
    },
    {
      name: "a recent lastActivityAt keeps an idle session from being stuck",
      previous: idleFor(20 * MINUTE, { lastActivityAt: NOW - 2 * MINUTE }),
      observations: observed({ activity: { activity: "idle" } }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "an old lastActivityAt does not make a freshly idle (restored) session stuck",
      previous: idleFor(MINUTE, { lastActivityAt: NOW - 120 * MINUTE }),
      observations: observed({ activity: { activity: "idle" } }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "stuck stays stuck while quiet, without repeating the event",
      previous: snapshot({ status: "stuck", reason: "idle_past_threshold", since: NOW - 30_000 }),
      observations: observed({ activity: { activity: "idle" } }),
      status: "stuck",
      reason: "idle_past_threshold",
      events: [],
    },
    {
      name: "stuck + working → working",
      previous: snapshot({ status: "stuck", reason: "idle_past_threshold" }),
      observations: observed({ activity: { activity: "working" } }),
      status: "working",
      reason: "agent_working",
      events: ["status_changed"],
    },
    {
      name: "working + unknown activity keeps working",
      previous: snapshot(),
      observations: observed({ activity: { activity: "unknown" } }),
      status: "working",
      reason: "agent_working",
      events: [],
    },
    {
      name: "a worker waiting for its commander (no turn) stays idle past the threshold",
      previous: idleFor(60 * MINUTE),
      observations: observed({ activity: { activity: "idle" }, waitsForCommander: true }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "a worker waiting for its commander stays idle while its activity is unknown",
      previous: idleFor(60 * MINUTE),
      observations: observed({ activity: { activity: "unknown" }, waitsForCommander: true }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "a stuck worker whose turn ended, waiting for its commander → idle",
      previous: snapshot({ status: "stuck", reason: "idle_past_threshold", since: NOW - 30_000 }),
      observations: observed({ activity: { activity: "idle" }, waitsForCommander: true }),
      status: "idle",
      reason: "agent_idle",
      events: ["status_changed"],
    },
    {
      name: "a worker gone quiet inside a turn still becomes stuck",
      previous: idleFor(DEFAULT_STUCK_AFTER_MS),
      observations: observed({ activity: { activity: "idle" }, waitsForCommander: false }),
      status: "stuck",
      reason: "idle_past_threshold",
      events: ["status_changed", "stuck"],
    },
  ]);

  it("remembers when the agent was last seen working", () => {
    expect(decide(snapshot(), observed({ activity: { activity: "working" } })).lastActivityAt).toBe(NOW);
    const idle = decide(
      snapshot({ lastActivityAt: NOW - MINUTE }),
      observed({ activity: { activity: "idle" } }),
    );
    expect(idle.lastActivityAt).toBe(NOW - MINUTE);
  });

  it("says how long a stuck agent has been quiet", () => {
    const previous = snapshot({ status: "idle", reason: "agent_idle", since: NOW - 14 * MINUTE });
    const decision = decide(previous, observed({ activity: { activity: "idle" } }));
    expect(decision.events).toContainEqual({ type: "stuck", idleMs: 14 * MINUTE });
  });
});

describe("lifecycle/core runtime liveness: unknown is no answer, gone needs two answers", () => {
  const exitedWith = (exitCode: number | null) => ({ state: "exited" as const, exitCode });
  check([
    {
      name: "one missing probe → status kept, nothing emitted",
      previous: snapshot(),
      observations: observed({ liveness: MISSING }),
      status: "working",
      reason: "agent_working",
      events: [],
    },
    {
      name: "a second missing probe → exited (runtime_missing)",
      previous: snapshot({ memory: { runtime: "suspect" } }),
      observations: observed({ liveness: MISSING }),
      status: "exited",
      reason: "runtime_missing",
      events: ["status_changed", "exited"],
    },
    {
      name: "a second exited probe with code 0 → exited (agent_exited)",
      previous: snapshot({ memory: { runtime: "suspect" } }),
      observations: observed({ liveness: exitedWith(0) }),
      status: "exited",
      reason: "agent_exited",
      events: ["status_changed", "exited"],
    },
    {
      name: "a second exited probe with a failure code → exited (agent_failed)",
      previous: snapshot({ memory: { runtime: "suspect" } }),
      observations: observed({ liveness: exitedWith(2) }),
      status: "exited",
      reason: "agent_failed",
      events: ["status_changed", "exited"],
    },
    {
      name: "unknown keeps the status and emits nothing",
      previous: snapshot({ status: "idle", reason: "agent_idle", memory: { runtime: "suspect" } }),
      observations: observed({ liveness: UNKNOWN, activity: { activity: "working" } }),
      status: "idle",
      reason: "agent_idle",
      events: [],
    },
    {
      name: "a snapshot without memory believes a gone probe at once",
      previous: snapshot({ memory: undefined }),
      observations: observed({ liveness: exitedWith(1) }),
      status: "exited",
      reason: "agent_failed",
      events: ["status_changed", "exited"],
    },
    {
      name: "while spawning, gone probes are the spawn's business",
      previous: snapshot({ status: "spawning", reason: "spawning", memory: { runtime: "suspect" } }),
      observations: observed({ liveness: MISSING }),
      status: "spawning",
      reason: "spawning",
      events: [],
    },
    {
      name: "an exited session stays exited without exiting twice",
      previous: snapshot({ status: "exited", reason: "agent_exited", memory: undefined }),
      observations: observed({ liveness: MISSING }),
      status: "exited",
      reason: "agent_exited",
      events: [],
    },
    {
      name: "an exited session that is alive and working again follows the agent",
      previous: snapshot({ status: "exited", reason: "agent_exited", memory: { runtime: "gone" } }),
      observations: observed({ activity: { activity: "working" } }),
      status: "working",
      reason: "agent_working",
      events: ["status_changed"],
    },
    {
      name: "an exited session that is alive but silent stays exited",
      previous: snapshot({ status: "exited", reason: "agent_exited", memory: { runtime: "gone" } }),
      observations: observed(),
      status: "exited",
      reason: "agent_exited",
      events: [],
    },
    {
      name: "a restored session's stale gone memory does not skip the debounce",
      previous: snapshot({ status: "working", reason: "restored", memory: { runtime: "gone" } }),
      observations: observed({ liveness: MISSING }),
      status: "working",
      reason: "restored",
      events: [],
    },
    {
      name: "with an open PR, a confirmed exit keeps the PR status and emits exited",
      previous: snapshot({
        status: "review_pending",
        reason: "review_requested",
        memory: { runtime: "suspect" },
      }),
      observations: observed({
        liveness: MISSING,
        pr: pullRequest({ review: { decision: "pending", threads: [] } }),
      }),
      status: "review_pending",
      reason: "review_requested",
      events: ["exited"],
    },
  ]);

  it("remembers the debounce step by step, unknown answers in between changing nothing", () => {
    let previous = snapshot();
    const steps = [MISSING, UNKNOWN, UNKNOWN, MISSING].map((liveness) => {
      const decision = decide(previous, observed({ liveness }));
      previous = {
        ...previous,
        status: decision.status,
        reason: decision.reason,
        memory: decision.memory ?? {},
      };
      return [decision.status, decision.memory?.runtime];
    });
    expect(steps).toEqual([
      ["working", "suspect"],
      ["working", "suspect"],
      ["working", "suspect"],
      ["exited", "gone"],
    ]);
  });

  it("an alive answer clears the suspicion", () => {
    const cleared = decide(snapshot({ memory: { runtime: "suspect" } }), observed());
    expect(cleared.memory?.runtime).toBe("alive");
    const again = decide(snapshot({ memory: cleared.memory ?? {} }), observed({ liveness: MISSING }));
    expect(again.status).toBe("working");
  });

  it("carries the exit code in the exited event", () => {
    const decision = decide(
      snapshot({ memory: { runtime: "suspect" } }),
      observed({ liveness: exitedWith(3) }),
    );
    expect(decision.events).toContainEqual({ type: "exited", exitCode: 3 });
  });
});

describe("lifecycle/core with an open pull request: the PR outranks the agent", () => {
  const prOpen = snapshot({ status: "pr_open", reason: "pr_open", pr: { number: 7 } });
  check([
    {
      name: "failing CI → ci_failed",
      previous: prOpen,
      observations: observed({ pr: pullRequest({ ci: failingCi }) }),
      status: "ci_failed",
      reason: "ci_failing",
      events: ["status_changed", "ci_failed"],
    },
    {
      name: "failing CI outranks requested changes (both reported)",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({
          ci: failingCi,
          review: { decision: "changes_requested", threads: [thread("t1")] },
        }),
      }),
      status: "ci_failed",
      reason: "ci_failing",
      events: ["status_changed", "ci_failed", "changes_requested"],
    },
    {
      name: "requested changes → changes_requested",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({
          ci: passingCi,
          review: { decision: "changes_requested", threads: [thread("t1")] },
        }),
      }),
      status: "changes_requested",
      reason: "review_changes_requested",
      events: ["status_changed", "changes_requested"],
    },
    {
      name: "approved, green and mergeable → mergeable",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({ ci: passingCi, review: { decision: "approved", threads: [] } }),
      }),
      status: "mergeable",
      reason: "approved_and_green",
      events: ["status_changed", "approved", "mergeable"],
    },
    {
      name: "approved without any CI is green too",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({
          ci: { state: "none", failing: [] },
          review: { decision: "approved", threads: [] },
        }),
      }),
      status: "mergeable",
      reason: "approved_and_green",
      events: ["status_changed", "approved", "mergeable"],
    },
    {
      name: "approved while CI runs → approved (ci_pending)",
      previous: prOpen,
      observations: observed({ pr: pullRequest({ review: { decision: "approved", threads: [] } }) }),
      status: "approved",
      reason: "ci_pending",
      events: ["status_changed", "approved"],
    },
    {
      name: "approved while the forge computes mergeability → approved (mergeability_unknown)",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({ ci: passingCi, review: { decision: "approved", threads: [] }, mergeable: null }),
      }),
      status: "approved",
      reason: "mergeability_unknown",
      events: ["status_changed", "approved"],
    },
    {
      name: "approved but blocked → approved (not_mergeable)",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({ ci: passingCi, review: { decision: "approved", threads: [] }, mergeable: false }),
      }),
      status: "approved",
      reason: "not_mergeable",
      events: ["status_changed", "approved"],
    },
    {
      name: "approved with conflicts → approved (merge_conflicts) and the conflicts event",
      previous: prOpen,
      observations: observed({
        pr: pullRequest({
          ci: passingCi,
          review: { decision: "approved", threads: [] },
          mergeable: false,
          conflicts: true,
        }),
      }),
      status: "approved",
      reason: "merge_conflicts",
      events: ["status_changed", "merge_conflicts", "approved"],
    },
    {
      name: "review requested → review_pending",
      previous: prOpen,
      observations: observed({ pr: pullRequest({ review: { decision: "pending", threads: [] } }) }),
      status: "review_pending",
      reason: "review_requested",
      events: ["status_changed"],
    },
    {
      name: "no review yet → pr_open",
      previous: snapshot(),
      observations: observed({ pr: pullRequest() }),
      status: "pr_open",
      reason: "pr_open",
      events: ["status_changed"],
    },
    {
      name: "conflicts without a review → pr_open (merge_conflicts)",
      previous: prOpen,
      observations: observed({ pr: pullRequest({ conflicts: true, mergeable: false }) }),
      status: "pr_open",
      reason: "merge_conflicts",
      events: ["merge_conflicts"],
    },
    {
      name: "an agent waiting for input does not hide the PR status, but is reported",
      previous: prOpen,
      observations: observed({ activity: { activity: "needs_input" }, pr: pullRequest() }),
      status: "pr_open",
      reason: "pr_open",
      events: ["needs_input"],
    },
    {
      name: "the forge not asked this cycle → the PR status stands",
      previous: snapshot({ status: "review_pending", reason: "review_requested" }),
      observations: observed({ activity: { activity: "idle" }, pr: undefined }),
      status: "review_pending",
      reason: "review_requested",
      events: [],
    },
    {
      name: "the forge says there is no PR → the agent again",
      previous: snapshot({ status: "review_pending", reason: "review_requested" }),
      observations: observed({ activity: { activity: "working" } }),
      status: "working",
      reason: "agent_working",
      events: ["status_changed"],
    },
    {
      name: "merged → merged, whatever the agent does",
      previous: snapshot({ status: "mergeable", reason: "approved_and_green" }),
      observations: observed({ liveness: MISSING, pr: pullRequest({ state: "merged" }) }),
      status: "merged",
      reason: "pr_merged",
      events: ["status_changed", "merged"],
    },
    {
      name: "closed → closed",
      previous: prOpen,
      observations: observed({ pr: pullRequest({ state: "closed" }) }),
      status: "closed",
      reason: "pr_closed",
      events: ["status_changed", "closed"],
    },
  ]);
});

describe("lifecycle/core level-triggered PR events", () => {
  const ciFailed = snapshot({
    status: "ci_failed",
    reason: "ci_failing",
    memory: { runtime: "alive", reported: { ci_failed: [SHA_A] } },
  });

  it("does not repeat ci_failed for the same head SHA", () => {
    const decision = decide(ciFailed, observed({ pr: pullRequest({ ci: failingCi }) }));
    expect(decision.events).toEqual([]);
    expect(decision.memory?.reported).toEqual({ ci_failed: [SHA_A] });
  });

  it("emits ci_failed again when CI still fails on a new head SHA, with its checks", () => {
    const sha = "c".repeat(40);
    const decision = decide(ciFailed, observed({ pr: pullRequest({ headSha: sha, ci: failingCi }) }));
    expect(decision.status).toBe("ci_failed");
    expect(decision.events).toEqual([{ type: "ci_failed", pr: 7, headSha: sha, checks: failingCi.failing }]);
    expect(decision.memory?.reported?.ci_failed).toEqual([sha]);
  });

  it("does not repeat ci_failed when the same SHA fails again after a passing re-run", () => {
    const passed = decide(ciFailed, observed({ pr: pullRequest({ ci: passingCi }) }));
    const previous = {
      ...ciFailed,
      status: passed.status,
      reason: passed.reason,
      memory: passed.memory ?? {},
    };
    expect(decide(previous, observed({ pr: pullRequest({ ci: failingCi }) })).events).toEqual([
      { type: "status_changed", from: "pr_open", to: "ci_failed", reason: "ci_failing" },
    ]);
  });

  it("keys requested changes by thread: a push resends nothing, a new thread sends the open ones", () => {
    const previous = snapshot({
      status: "changes_requested",
      reason: "review_changes_requested",
      memory: { reported: { changes_requested: ["thread:t1"] } },
    });
    const review = (...ids: string[]) => ({
      decision: "changes_requested" as const,
      threads: ids.map(thread),
    });
    const pushed = decide(
      previous,
      observed({ pr: pullRequest({ headSha: "d".repeat(40), review: review("t1") }) }),
    );
    expect(pushed.events).toEqual([]);
    const newThread = decide(previous, observed({ pr: pullRequest({ review: review("t1", "t2") }) }));
    expect(newThread.events).toEqual([
      { type: "changes_requested", pr: 7, headSha: SHA_A, threads: [thread("t1"), thread("t2")] },
    ]);
    expect(newThread.memory?.reported?.changes_requested).toEqual(["thread:t1", "thread:t2"]);
    const resolvedOne = decide(
      { ...previous, memory: newThread.memory ?? {} },
      observed({ pr: pullRequest({ review: review("t2") }) }),
    );
    expect(resolvedOne.events).toEqual([]);
  });

  it("keys requested changes without threads by the head SHA", () => {
    const previous = snapshot({ status: "changes_requested", reason: "review_changes_requested" });
    const review = { decision: "changes_requested" as const, threads: [] };
    const first = decide(previous, observed({ pr: pullRequest({ review }) }));
    expect(first.events.map((event) => event.type)).toEqual(["changes_requested"]);
    const again = decide(
      { ...previous, memory: first.memory ?? {} },
      observed({ pr: pullRequest({ review }) }),
    );
    expect(again.events).toEqual([]);
  });

  it("reports approved-and-green once per head SHA", () => {
    const ready = pullRequest({ ci: passingCi, review: { decision: "approved", threads: [] } });
    const first = decide(snapshot(), observed({ pr: ready }));
    expect(first.events).toContainEqual({ type: "mergeable", pr: 7, headSha: SHA_A });
    const again = decide(
      snapshot({ status: "mergeable", reason: "approved_and_green", memory: first.memory ?? {} }),
      observed({ pr: ready }),
    );
    expect(again.events).toEqual([]);
  });
});

describe("lifecycle/core terminal statuses", () => {
  const reopened = pullRequest({ review: { decision: "pending", threads: [] } });
  check([
    {
      name: "killed is set by a person and stays, whatever is observed",
      previous: snapshot({ status: "killed", reason: "killed_by_user" }),
      observations: observed({ activity: { activity: "working" }, pr: pullRequest({ state: "merged" }) }),
      status: "killed",
      reason: "killed_by_user",
      events: [],
    },
    {
      name: "merged stays merged",
      previous: snapshot({ status: "merged", reason: "pr_merged" }),
      observations: observed({ activity: { activity: "working" }, pr: reopened }),
      status: "merged",
      reason: "pr_merged",
      events: [],
    },
    {
      name: "closed stays closed while the agent works",
      previous: snapshot({ status: "closed", reason: "pr_closed" }),
      observations: observed({ activity: { activity: "working" } }),
      status: "closed",
      reason: "pr_closed",
      events: [],
    },
    {
      name: "closed leaves when the PR is reopened",
      previous: snapshot({ status: "closed", reason: "pr_closed" }),
      observations: observed({ pr: reopened }),
      status: "review_pending",
      reason: "review_requested",
      events: ["status_changed"],
    },
    {
      name: "closed then merged → merged",
      previous: snapshot({ status: "closed", reason: "pr_closed" }),
      observations: observed({ pr: pullRequest({ state: "merged" }) }),
      status: "merged",
      reason: "pr_merged",
      events: ["status_changed", "merged"],
    },
    {
      name: "a closed session's agent exiting is no news",
      previous: snapshot({ status: "closed", reason: "pr_closed", memory: { runtime: "suspect" } }),
      observations: observed({ liveness: MISSING, pr: pullRequest({ state: "closed" }) }),
      status: "closed",
      reason: "pr_closed",
      events: [],
    },
    {
      name: "errored stays errored while the agent runs",
      previous: snapshot({ status: "errored", reason: "spawn_failed" }),
      observations: observed({ activity: { activity: "working" } }),
      status: "errored",
      reason: "spawn_failed",
      events: [],
    },
    {
      name: "exited → merged once the PR is merged",
      previous: snapshot({ status: "exited", reason: "agent_exited", memory: { runtime: "gone" } }),
      observations: observed({ liveness: MISSING, pr: pullRequest({ state: "merged" }) }),
      status: "merged",
      reason: "pr_merged",
      events: ["status_changed", "merged"],
    },
    {
      name: "exited → the PR status once the agent's PR is found",
      previous: snapshot({ status: "exited", reason: "agent_exited", memory: { runtime: "gone" } }),
      observations: observed({ liveness: MISSING, pr: pullRequest() }),
      status: "pr_open",
      reason: "pr_open",
      events: ["status_changed"],
    },
  ]);
});
