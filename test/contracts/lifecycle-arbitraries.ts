import fc from "fast-check";
import { AGENT_ACTIVITIES, SESSION_STATUSES } from "../../src/core/slots/index.js";
import type {
  ActivityReport,
  Liveness,
  Observations,
  PullRequestObservation,
  SessionSnapshot,
} from "../../src/core/slots/index.js";

/** Random but well-formed lifecycle inputs, for property tests of any lifecycle implementation. */
export const livenessArb: fc.Arbitrary<Liveness> = fc.oneof(
  fc.constant({ state: "alive" as const }),
  fc.record({ state: fc.constant("exited" as const), exitCode: fc.option(fc.integer({ min: 0, max: 255 })) }),
  fc.constant({ state: "missing" as const }),
  fc.record({ state: fc.constant("unknown" as const), reason: fc.string({ minLength: 1 }) }),
);

const activityArb: fc.Arbitrary<ActivityReport> = fc.record(
  { activity: fc.constantFrom(...AGENT_ACTIVITIES), agentSessionId: fc.uuid(), detail: fc.string() },
  { requiredKeys: ["activity"] },
);

const headShaArb = fc.stringMatching(/^[0-9a-f]{40}$/);

export const pullRequestArb: fc.Arbitrary<PullRequestObservation> = fc.record({
  number: fc.integer({ min: 1, max: 10_000 }),
  state: fc.constantFrom("open" as const, "closed" as const, "merged" as const),
  headSha: headShaArb,
  ci: fc.record({
    state: fc.constantFrom("passing" as const, "failing" as const, "pending" as const, "none" as const),
    failing: fc.array(
      fc.record({ name: fc.string({ minLength: 1 }), logTail: fc.string() }, { requiredKeys: ["name"] }),
      {
        maxLength: 3,
      },
    ),
  }),
  review: fc.record({
    decision: fc.constantFrom(
      "approved" as const,
      "changes_requested" as const,
      "pending" as const,
      "none" as const,
    ),
    threads: fc.array(
      fc.record({
        id: fc.string({ minLength: 1 }),
        author: fc.string(),
        body: fc.string(),
        isBot: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  }),
  mergeable: fc.constantFrom(true, false, null),
});

export const snapshotArb: fc.Arbitrary<SessionSnapshot> = fc.record(
  {
    sessionId: fc.constantFrom("app-1", "app-2"),
    status: fc.constantFrom(...SESSION_STATUSES),
    reason: fc.stringMatching(/^[a-z][a-z_]{0,24}$/),
    since: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    lastActivityAt: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    pr: fc.record({ number: fc.integer({ min: 1, max: 10_000 }) }),
  },
  { requiredKeys: ["sessionId", "status", "reason", "since"] },
);

export const observationsArb: fc.Arbitrary<Observations> = fc.record(
  {
    at: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    liveness: livenessArb,
    activity: activityArb,
    pr: fc.option(pullRequestArb, { nil: null }),
  },
  { requiredKeys: ["at", "liveness"] },
);

/** Freezes a value and everything inside it, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
