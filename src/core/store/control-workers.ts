import { statement, type Store, type WriteTx } from "./store.js";

/** A session a commander opened: the commander's rights last until `closedAt`. */
export interface Worker {
  readonly sessionId: string;
  readonly commanderId: number;
  readonly createdAt: number;
  readonly closedAt: number | null;
}

interface WorkerRow {
  session_id: string;
  commander_id: number;
  created_at: number;
  closed_at: number | null;
}

function toWorker(row: WorkerRow): Worker {
  return {
    sessionId: row.session_id,
    commanderId: row.commander_id,
    createdAt: row.created_at,
    closedAt: row.closed_at,
  };
}

/** Records that `commanderId` opened the session (the caller writes the `control.worker_opened` event). */
export function insertWorker(tx: WriteTx, sessionId: string, commanderId: number): Worker {
  const row = statement(
    tx,
    "INSERT INTO workers (session_id, commander_id, created_at) VALUES (?, ?, ?) RETURNING *",
  ).get(sessionId, commanderId, tx.clock.now()) as WorkerRow;
  return toWorker(row);
}

export function getWorker(store: Store, sessionId: string): Worker | undefined {
  const row = statement(store, "SELECT * FROM workers WHERE session_id = ?").get(sessionId) as
    WorkerRow | undefined;
  return row === undefined ? undefined : toWorker(row);
}

/** A commander's workers still open, oldest first. */
export function listOpenWorkers(store: Store, commanderId: number): Worker[] {
  const rows = statement(
    store,
    "SELECT * FROM workers WHERE commander_id = ? AND closed_at IS NULL ORDER BY created_at, session_id",
  ).all(commanderId) as WorkerRow[];
  return rows.map(toWorker);
}

/** The commander's name of every session that is or was a worker (`ao status`, `session ls`). */
export function commanderNamesBySession(store: Store): Map<string, string> {
  const rows = statement(
    store,
    "SELECT w.session_id AS session, c.name AS name FROM workers w JOIN commanders c ON c.id = w.commander_id",
  ).all() as { session: string; name: string }[];
  return new Map(rows.map((row) => [row.session, row.name]));
}

/** Ends the commander's rights on the worker; its secret stops working too. */
export function closeWorker(tx: WriteTx, sessionId: string): void {
  statement(tx, "UPDATE workers SET closed_at = ? WHERE session_id = ? AND closed_at IS NULL").run(
    tx.clock.now(),
    sessionId,
  );
  statement(tx, "DELETE FROM worker_secrets WHERE session_id = ?").run(sessionId);
}

/** Keeps the sha256 of a worker's secret (a session has one; a new one replaces the old). */
export function putWorkerSecret(tx: WriteTx, sessionId: string, secretSha256: string): void {
  statement(
    tx,
    `INSERT INTO worker_secrets (session_id, secret_sha256, created_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET secret_sha256 = excluded.secret_sha256, created_at = excluded.created_at`,
  ).run(sessionId, secretSha256, tx.clock.now());
}

/** The session whose secret hashes to this, if it is an open worker. */
export function workerBySecret(store: Store, secretSha256: string): Worker | undefined {
  const row = statement(
    store,
    `SELECT w.* FROM worker_secrets s JOIN workers w ON w.session_id = s.session_id
     WHERE s.secret_sha256 = ? AND w.closed_at IS NULL`,
  ).get(secretSha256) as WorkerRow | undefined;
  return row === undefined ? undefined : toWorker(row);
}
