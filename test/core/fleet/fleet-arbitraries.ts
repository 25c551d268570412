import fc from "fast-check";
import { SESSION_STATUSES } from "../../../src/core/slots/index.js";
import type { Session, StoredEvent } from "../../../src/core/store/index.js";
import { pullRequestArb } from "../../contracts/lifecycle-arbitraries.js";

const T0 = Date.UTC(2026, 11, 1);
const timeArb = fc.integer({ min: T0, max: T0 + 86_400_000 });

/** Sessions of every status, with or without a pull request observation, exit and status time. */
export const sessionArb: fc.Arbitrary<Session> = fc
  .record({
    id: fc.integer({ min: 1, max: 999 }).map((n) => `app-${n}`),
    status: fc.constantFrom(...SESSION_STATUSES),
    reason: fc.option(fc.constantFrom("ci_failing", "agent_exited", "spawned")),
    createdAt: timeArb,
    later: fc.integer({ min: 0, max: 3_600_000 }),
    pr: fc.option(fc.tuple(pullRequestArb, timeArb)),
    exit: fc.option(fc.option(fc.integer({ min: 0, max: 255 }))),
    withStatusSince: fc.boolean(),
  })
  .map((raw) => ({
    id: raw.id,
    project: "app",
    issue: null,
    branch: `feat/${raw.id}`,
    worktree: `/w/${raw.id}`,
    runtime: "fake",
    agent: "fake",
    runtimeHandle: null,
    agentSessionId: null,
    status: raw.status,
    reason: raw.reason,
    prNumber: raw.pr?.[0].number ?? null,
    prUrl: null,
    activity: null,
    spawnStep: null,
    createdAt: raw.createdAt,
    updatedAt: raw.createdAt + raw.later,
    endedAt: null,
    prState: raw.pr === null ? null : { ...raw.pr[0], observedAt: raw.pr[1] },
    memory: null,
    lastActivityAt: null,
    statusSince: raw.withStatusSince ? raw.createdAt + raw.later : null,
    exit: raw.exit === null ? null : { exitCode: raw.exit, lastLines: [], seenAt: raw.createdAt },
  }));

export function storedEvent(
  id: number,
  type: string,
  createdAt: number,
  payload: Record<string, string | number> = {},
): StoredEvent {
  return { id, sessionId: "app-1", type, payload, createdAt };
}
