import type { Observations, PullRequestObservation, SessionSnapshot } from "../../../src/core/slots/index.js";

/** Small builders for lifecycle/core tests: every field has a plain default, tests override one or two. */
export const NOW = 1_700_000_000_000;
export const MINUTE = 60_000;
export const SHA_A = "a".repeat(40);
export const SHA_B = "b".repeat(40);
export const ALIVE = { state: "alive" as const };
export const MISSING = { state: "missing" as const };
export const UNKNOWN = { state: "unknown" as const, reason: "tmux server busy" };

/** Overrides where `undefined` removes a default, e.g. `{ memory: undefined }`. */
type Overrides<T> = { [K in keyof T]?: T[K] | undefined };

function withDefaults<T extends object>(defaults: T, overrides: Overrides<T>): T {
  const merged: Record<string, unknown> = { ...defaults, ...overrides };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged as T;
}

export function snapshot(overrides: Overrides<SessionSnapshot> = {}): SessionSnapshot {
  const defaults: SessionSnapshot = {
    sessionId: "app-1",
    status: "working",
    reason: "agent_working",
    since: NOW - MINUTE,
    memory: { runtime: "alive" },
  };
  return withDefaults(defaults, overrides);
}

export function observed(overrides: Overrides<Observations> = {}): Observations {
  return withDefaults<Observations>({ at: NOW, liveness: ALIVE, pr: null }, overrides);
}

export function pullRequest(overrides: Partial<PullRequestObservation> = {}): PullRequestObservation {
  return {
    number: 7,
    state: "open",
    headSha: SHA_A,
    ci: { state: "pending", failing: [] },
    review: { decision: "none", threads: [] },
    mergeable: true,
    ...overrides,
  };
}

export const failingCi = { state: "failing" as const, failing: [{ name: "unit", logTail: "1 failed" }] };
export const passingCi = { state: "passing" as const, failing: [] };
export const thread = (id: string) => ({ id, author: "ada", body: `fix ${id}`, isBot: false });
