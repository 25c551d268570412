import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS } from "../../../src/core/config/default-reactions.js";
import type { ReactionTable } from "../../../src/core/config/index.js";
import { planAllComplete } from "../../../src/core/lifecycle/plan-all-complete.js";
import { planReactions } from "../../../src/core/lifecycle/plan-reactions.js";
import type { LifecycleEvent } from "../../../src/core/slots/index.js";
import type { PrState, Session } from "../../../src/core/store/index.js";

const AT = 1_700_000_000_000;
const SHA = "b".repeat(40);
const table: ReactionTable = structuredClone(DEFAULT_REACTIONS);

const session: Session = {
  id: "app-3",
  project: "app",
  issue: "12",
  branch: "feat/x",
  worktree: "/wt/app-3",
  runtime: "tmux",
  runtimeHandle: null,
  agent: "claude-code",
  agentSessionId: null,
  status: "ci_failed",
  reason: "ci_failing",
  prNumber: 4,
  prUrl: "https://forge.invalid/pull/4",
  activity: null,
  spawnStep: null,
  createdAt: AT,
  updatedAt: AT,
  endedAt: null,
  prState: null,
  memory: null,
  lastActivityAt: null,
  statusSince: AT,
  exit: null,
};

function pr(overrides: Partial<PrState> = {}): PrState {
  return {
    number: 4,
    state: "open",
    headSha: SHA,
    ci: { state: "passing", failing: [] },
    review: { decision: "approved", threads: [] },
    mergeable: true,
    conflicts: false,
    observedAt: AT,
    ...overrides,
  };
}

function plan(events: LifecycleEvent[], overrides: { pr?: PrState; reactions?: ReactionTable } = {}) {
  return planReactions({
    session,
    events,
    pr: overrides.pr ?? pr(),
    reactions: overrides.reactions ?? table,
    baseBranch: "main",
    at: AT,
  });
}

describe("planReactions", () => {
  it("keys a CI failure by session, reaction, head SHA and the sorted failing check names", () => {
    const checks = [{ name: "test" }, { name: "lint" }, { name: "test" }];
    const [planned, ...rest] = plan([{ type: "ci_failed", pr: 4, headSha: SHA, checks }]);
    expect(rest).toEqual([]);
    expect(planned).toMatchObject({
      sessionId: "app-3",
      reactionKey: "ci-failed",
      dedupeKey: `app-3:ci-failed:${SHA}:lint,test`,
      dueAt: AT,
      payload: {
        action: "send-to-agent",
        priority: "action",
        retries: 2,
        facts: { checks, pr: { number: 4, headSha: SHA } },
      },
    });
  });

  it("plans the same keys for the same events, and a new key for a new head", () => {
    const event = (headSha: string): LifecycleEvent => ({
      type: "ci_failed",
      pr: 4,
      headSha,
      checks: [{ name: "lint" }],
    });
    expect(plan([event(SHA)])).toEqual(plan([event(SHA)]));
    expect(plan([event("c".repeat(40))])[0]?.dedupeKey).not.toBe(plan([event(SHA)])[0]?.dedupeKey);
  });

  it("keys requested changes by the sorted thread ids and adds the escalation row of escalateAfter", () => {
    const threads = [
      { id: "t2", author: "a", body: "x", isBot: false },
      { id: "t1", author: "b", body: "y", isBot: false },
    ];
    const planned = plan([{ type: "changes_requested", pr: 4, headSha: SHA, threads }]);
    expect(planned.map((reaction) => [reaction.dedupeKey, reaction.dueAt])).toEqual([
      ["app-3:changes-requested:threads:t1,t2", AT],
      ["app-3:changes-requested:threads:t1,t2:escalate", AT + 30 * 60_000],
    ]);
    expect(planned[1]?.payload.escalates).toBe("app-3:changes-requested:threads:t1,t2");
  });

  it("maps every lifecycle event to its reaction", () => {
    const keys = (events: LifecycleEvent[]) => plan(events).map((reaction) => reaction.reactionKey);
    expect(keys([{ type: "merge_conflicts", pr: 4, headSha: SHA }])).toEqual([
      "merge-conflicts",
      "merge-conflicts",
    ]);
    expect(keys([{ type: "mergeable", pr: 4, headSha: SHA }])).toEqual(["approved-and-green"]);
    expect(keys([{ type: "stuck", idleMs: 600_000 }])).toEqual(["agent-stuck"]);
    expect(keys([{ type: "needs_input" }])).toEqual(["agent-needs-input"]);
    expect(keys([{ type: "exited", exitCode: 1 }])).toEqual(["agent-exited"]);
    expect(keys([{ type: "closed", pr: 4 }])).toEqual(["pr-closed"]);
    expect(
      keys([
        { type: "approved", pr: 4, headSha: SHA },
        { type: "merged", pr: 4 },
      ]),
    ).toEqual([]);
  });

  it("plans approved-and-green only when approved, green and mergeable on that head", () => {
    const event: LifecycleEvent = { type: "mergeable", pr: 4, headSha: SHA };
    expect(plan([event], { pr: pr({ ci: { state: "pending", failing: [] } }) })).toEqual([]);
    expect(plan([event], { pr: pr({ mergeable: null }) })).toEqual([]);
    expect(plan([event], { pr: pr({ review: { decision: "pending", threads: [] } }) })).toEqual([]);
    expect(plan([event], { pr: pr({ headSha: "c".repeat(40) }) })).toEqual([]);
    expect(plan([event])).toHaveLength(1);
  });

  it("plans nothing for a reaction with auto: false", () => {
    const reactions = { ...table, "ci-failed": { ...table["ci-failed"], auto: false } };
    expect(plan([{ type: "ci_failed", pr: 4, headSha: SHA, checks: [] }], { reactions })).toEqual([]);
  });

  it("dates a stuck agent's condition from when it went quiet", () => {
    const [planned] = plan([{ type: "stuck", idleMs: 600_000 }]);
    expect(planned?.payload.facts.since).toBe(AT - 600_000);
  });
});

describe("planAllComplete", () => {
  const over = (status: Session["status"]): Session => ({ ...session, status });
  const options = {
    at: AT,
    baseBranch: "main",
    isOver: (s: Session) => ["merged", "closed", "killed"].includes(s.status),
  };

  it("plans once per set of sessions when every one is over", () => {
    const sessions = [over("merged"), { ...over("closed"), id: "app-1", prUrl: null, prNumber: null }];
    const [planned] = planAllComplete("app", sessions, table, options);
    expect(planned).toMatchObject({ sessionId: null, dedupeKey: "app:all-complete:app-1,app-3" });
    expect(planned?.payload.facts.summary).toBe("app-3: merged https://forge.invalid/pull/4\napp-1: closed");
  });

  it("plans nothing while a session is still going", () => {
    expect(planAllComplete("app", [over("merged"), over("working")], table, options)).toEqual([]);
  });
});
