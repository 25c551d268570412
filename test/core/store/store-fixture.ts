import { afterEach } from "vitest";
import type { Clock } from "../../../src/core/context.js";
import { closeStore, openStore, type Store } from "../../../src/core/store/index.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";

export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  return {
    now: () => now,
    set: (ms) => (now = ms),
    advance: (ms) => (now += ms),
  };
}

const open: Store[] = [];

afterEach(() => {
  for (const store of open.splice(0)) closeStore(store);
});

/** A real store in a fresh AO_HOME, on a clock the test moves by hand; closed after the test. */
export function openTestStore(): { store: Store; clock: ManualClock; ctx: TestContext } {
  const clock = manualClock();
  const ctx = { ...makeTestContext(), clock };
  const store = openStore(ctx);
  open.push(store);
  return { store, clock, ctx };
}

/** Opens another connection to the same database, as a second process would. */
export function reopen(ctx: TestContext): Store {
  const store = openStore(ctx);
  open.push(store);
  return store;
}
