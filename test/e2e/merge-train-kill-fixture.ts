import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { AO_BIN } from "../helpers/run-ao.js";
import type { E2e } from "./e2e-fixture.js";

/** What the two kill tests (local and GitHub) share: the store read as the daemon writes it, and daemons to kill. */
export interface StepRow {
  entry: number;
  session: string;
  step: string;
  sha: string | null;
  state: string;
  /** The step's detail (JSON): a batch's `green` names the tip CI passed on. */
  detail: string;
}

/** Reads ao's store read-only, while a daemon may be writing it. */
function readStore<T>(e2e: E2e, sql: string): T[] {
  const db = new Database(join(e2e.home, "ao.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** The train's recorded steps, in order. */
export function stepRows(e2e: E2e): StepRow[] {
  return readStore<StepRow>(
    e2e,
    `SELECT s.entry_id AS entry, e.session_id AS session, s.step, s.sha, e.state, s.detail
     FROM queue_steps s JOIN queue_entries e ON e.id = s.entry_id ORDER BY s.id`,
  );
}

export interface EntryRow {
  entry: number;
  session: string;
  state: string;
  tested: string | null;
}

/** Every queue entry (`ao queue` lists only the ten latest ended ones). */
export function entryRows(e2e: E2e): EntryRow[] {
  return readStore<EntryRow>(
    e2e,
    "SELECT id AS entry, session_id AS session, state, tested_sha AS tested FROM queue_entries",
  );
}

/** Where the train is: the state of each entry not landed yet (what a kill interrupts). */
export function trainAt(e2e: E2e): string {
  const states = new Map(stepRows(e2e).map((row) => [row.session, row.state]));
  const open = [...states].filter(([, state]) => state !== "landed");
  return open.length === 0 ? "all landed" : open.map(([session, state]) => `${session}:${state}`).join(",");
}

export function landedCount(e2e: E2e): number {
  return entryRows(e2e).filter((row) => row.state === "landed").length;
}

/** When the daemon's last cycle was recorded (meta `lifecycle.lastCycle`), or 0 before any. */
export function lastCycleAt(e2e: E2e): number {
  const [row] = readStore<{ value: string }>(e2e, "SELECT value FROM meta WHERE key = 'lifecycle.lastCycle'");
  return row === undefined ? 0 : Number((JSON.parse(row.value) as { at?: number }).at ?? 0);
}

/** A daemon of the test's own (`ao start --foreground`), so it can be killed at any moment of its life. */
export function startDaemon(e2e: E2e, pids: number[]): ChildProcess {
  const child = spawn(process.execPath, [AO_BIN, "start", "--foreground"], {
    cwd: e2e.configDir,
    env: e2e.env,
    stdio: "ignore",
  });
  if (child.pid !== undefined) pids.push(child.pid);
  return child;
}

/** SIGKILL, unless it is gone already; resolves once it exited. */
export async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}
