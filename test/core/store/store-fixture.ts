import { readFileSync, writeFileSync } from "node:fs";
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

/**
 * Leaves a real ao.db in ctx's AO_HOME whose schema page is intact (it opens) but whose later pages
 * are scribbled over, so only a whole-file read (`quick_check`) finds the damage. `version` sets
 * `user_version`, e.g. one below the latest to make openStore migrate it.
 */
export function writeDamagedDatabase(ctx: TestContext, version?: number): void {
  const store = openStore(ctx);
  store.db.exec("CREATE TABLE filler (text TEXT); CREATE INDEX filler_text ON filler (text)");
  const insert = store.db.prepare("INSERT INTO filler VALUES (?)");
  for (let i = 0; i < 2000; i += 1) insert.run(`row ${i} ${"x".repeat(100)}`);
  if (version !== undefined) store.db.pragma(`user_version = ${version}`);
  closeStore(store);
  const file = readFileSync(ctx.paths.database);
  const pageSize = file.readUInt16BE(16);
  // Scribble over the second half of the file, well past the schema page.
  for (let offset = Math.floor(file.length / 2); offset < file.length; offset += pageSize) {
    file.fill(0x5a, offset + 8, offset + 64);
  }
  writeFileSync(ctx.paths.database, file);
}
