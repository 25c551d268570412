import { statement, type Store, type WriteTx } from "./store.js";

/** A spawn waiting to start (migration 013): `ao spawn --queue`, a plan's or a commander's spawn. */
export interface SpawnWait {
  readonly id: number;
  readonly project: string;
  readonly agent: string;
  /** The task's first line. */
  readonly task: string;
  /** What it waits for: E_SESSION_LIMIT, E_RATE_LIMITED, E_OVER_BUDGET, E_NO_ROOM, E_QUEUED. */
  readonly code: string;
  readonly reason: string;
  readonly since: number;
  /** The process that waits; a row whose process is gone is stale. */
  readonly pid: number;
  /** With E_RATE_LIMITED: the account whose reset it waits for (migration 014); else null. */
  readonly account: string | null;
}

interface SpawnWaitRow extends Omit<SpawnWait, "id"> {
  id: number;
}

/** Every waiting spawn, first come first. */
export function listSpawnWaits(store: Store): SpawnWait[] {
  return statement(store, "SELECT * FROM spawn_waits ORDER BY id").all() as SpawnWaitRow[];
}

/** Puts a spawn in line; returns its place (the row id, increasing). */
export function addSpawnWait(tx: WriteTx, wait: Omit<SpawnWait, "id">): number {
  const result = statement(
    tx,
    "INSERT INTO spawn_waits (project, agent, task, code, reason, since, pid, account) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(wait.project, wait.agent, wait.task, wait.code, wait.reason, wait.since, wait.pid, wait.account);
  return Number(result.lastInsertRowid);
}

/** What a waiting spawn waits for now. */
export function updateSpawnWait(
  tx: WriteTx,
  id: number,
  wait: Pick<SpawnWait, "code" | "reason" | "account">,
): void {
  statement(tx, "UPDATE spawn_waits SET code = ?, reason = ?, account = ? WHERE id = ?").run(
    wait.code,
    wait.reason,
    wait.account,
    id,
  );
}

export function removeSpawnWait(tx: WriteTx, id: number): void {
  statement(tx, "DELETE FROM spawn_waits WHERE id = ?").run(id);
}
