import { AoError } from "../errors.js";
import { appendEvent, type NewEvent } from "./events.js";
import { toJsonColumn, type JsonObject } from "./json-column.js";
import { toSession, type Session, type SessionRow } from "./session-row.js";
import {
  isSessionStatus,
  isTerminalStatus,
  TERMINAL_SESSION_STATUSES,
  type SessionStatus,
} from "./session-status.js";
import { statement, type Store, type WriteTx } from "./store.js";
import { redactText } from "../redact.js";

export interface NewSession {
  /** From allocateSessionId, in the same transaction. */
  readonly id: string;
  readonly project: string;
  readonly branch: string;
  readonly worktree: string;
  readonly runtime: string;
  readonly agent: string;
  readonly issue?: string | null | undefined;
  /** Defaults to `spawning`. */
  readonly status?: SessionStatus | undefined;
  readonly reason?: string | null | undefined;
  readonly runtimeHandle?: JsonObject | null | undefined;
  readonly agentSessionId?: string | null | undefined;
  readonly spawnStep?: string | null | undefined;
}

export interface ListSessionsOptions {
  readonly project?: string | undefined;
  /** Leave out sessions in a terminal status (merged, closed, exited, killed, errored). */
  readonly activeOnly?: boolean | undefined;
  /** Only sessions in one of these statuses. */
  readonly statuses?: readonly SessionStatus[] | undefined;
  /** Only sessions that ended at or after this time (ms since the epoch). */
  readonly endedSince?: number | undefined;
}

/** Inserts a session and the event that records its creation, in the caller's transaction. */
export function insertSession(tx: WriteTx, session: NewSession, event: NewEvent): Session {
  const status = checkedStatus(session.status ?? "spawning");
  const now = tx.clock.now();
  const existing = statement(tx, "SELECT 1 FROM sessions WHERE id = ?").get(session.id);
  if (existing !== undefined) {
    throw new AoError("E_EXISTS", `session ${session.id} already exists`, {
      details: { session: session.id },
    });
  }
  const row = statement(
    tx,
    `INSERT INTO sessions (id, project, issue, branch, worktree, runtime, runtime_handle, agent,
       agent_session_id, status, reason, spawn_step, created_at, updated_at, ended_at, status_since)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  ).get(
    session.id,
    session.project,
    session.issue ?? null,
    session.branch,
    session.worktree,
    session.runtime,
    session.runtimeHandle ? toJsonColumn(session.runtimeHandle) : null,
    session.agent,
    session.agentSessionId ?? null,
    status,
    session.reason === undefined || session.reason === null ? null : redactText(session.reason),
    session.spawnStep ?? null,
    now,
    now,
    isTerminalStatus(status) ? now : null,
    now,
  ) as SessionRow;
  appendEvent(tx, { ...event, sessionId: event.sessionId ?? session.id });
  return toSession(tx, row);
}

export function getSession(store: Store, id: string): Session | undefined {
  const row = statement(store, "SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
  return row === undefined ? undefined : toSession(store, row);
}

/** Like getSession, for callers that were handed an id by a person: a missing one is their error. */
export function requireSession(store: Store, id: string): Session {
  const session = getSession(store, id);
  if (session) return session;
  throw new AoError("E_NOT_FOUND", `no session ${id}`, {
    hint: "`ao status` lists the sessions",
    details: { session: id },
  });
}

/** Sessions in creation order. */
export function listSessions(store: Store, options: ListSessionsOptions = {}): Session[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.project !== undefined) {
    where.push("project = ?");
    params.push(options.project);
  }
  if (options.activeOnly === true) {
    where.push(`status NOT IN (${TERMINAL_SESSION_STATUSES.map(() => "?").join(", ")})`);
    params.push(...TERMINAL_SESSION_STATUSES);
  }
  if (options.statuses !== undefined) {
    where.push(`status IN (${options.statuses.map(() => "?").join(", ") || "NULL"})`);
    params.push(...options.statuses);
  }
  if (options.endedSince !== undefined) {
    where.push("ended_at >= ?");
    params.push(options.endedSince);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const rows = statement(store, `SELECT * FROM sessions ${filter} ORDER BY created_at, rowid`).all(
    ...params,
  ) as SessionRow[];
  return rows.map((row) => toSession(store, row));
}

export function checkedStatus(status: string): SessionStatus {
  if (isSessionStatus(status)) return status;
  throw new AoError("E_USAGE", `"${status}" is not a session status`, { details: { status } });
}
