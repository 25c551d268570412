import { statement, type Store, type WriteTx } from "./store.js";

/**
 * A session a limit interrupted (migrations 007 and 014), waiting for its continue turn
 * (`resumedTurn` null). `resumeAt`: when its turn is due, set by the daemon at the reset so the
 * account's sessions resume one after another (`limits.resumeSpacing`); null until then.
 */
export interface LimitWait {
  readonly sessionId: string;
  readonly agent: string;
  readonly account: string;
  readonly sighting: string;
  readonly since: number;
  readonly resumeAt: number | null;
  readonly resumedTurn: number | null;
}

interface LimitWaitRow {
  session_id: string;
  agent: string;
  account: string;
  sighting: string;
  since: number;
  resume_at: number | null;
  resumed_turn: number | null;
}

function toWait(row: LimitWaitRow): LimitWait {
  return {
    sessionId: row.session_id,
    agent: row.agent,
    account: row.account,
    sighting: row.sighting,
    since: row.since,
    resumeAt: row.resume_at,
    resumedTurn: row.resumed_turn,
  };
}

export function getLimitWait(store: Store, sessionId: string): LimitWait | undefined {
  const row = statement(store, "SELECT * FROM limit_waits WHERE session_id = ?").get(sessionId) as
    LimitWaitRow | undefined;
  return row === undefined ? undefined : toWait(row);
}

/** Notes that the session saw a limit; false when it is this very sighting again. */
export function recordLimitWait(
  tx: WriteTx,
  wait: Omit<LimitWait, "since" | "resumedTurn" | "resumeAt">,
): boolean {
  if (getLimitWait(tx, wait.sessionId)?.sighting === wait.sighting) return false;
  statement(
    tx,
    `INSERT INTO limit_waits (session_id, agent, account, sighting, since, resume_at, resumed_turn)
     VALUES (?, ?, ?, ?, ?, NULL, NULL)
     ON CONFLICT (session_id) DO UPDATE SET agent = excluded.agent, account = excluded.account,
       sighting = excluded.sighting, since = excluded.since, resume_at = NULL, resumed_turn = NULL`,
  ).run(wait.sessionId, wait.agent, wait.account, wait.sighting, tx.clock.now());
  return true;
}

/** The sessions of an account still waiting for their continue turn, oldest first. */
export function pendingWaits(store: Store, account: string): LimitWait[] {
  const rows = statement(
    store,
    "SELECT * FROM limit_waits WHERE account = ? AND resumed_turn IS NULL ORDER BY since, session_id",
  ).all(account) as LimitWaitRow[];
  return rows.map(toWait);
}

/** When the wait's continue turn is due (the staggered schedule). */
export function scheduleWaitResume(tx: WriteTx, sessionId: string, resumeAt: number): void {
  statement(tx, "UPDATE limit_waits SET resume_at = ? WHERE session_id = ?").run(resumeAt, sessionId);
}

export function markWaitResumed(tx: WriteTx, sessionId: string, turnNumber: number | null): void {
  statement(tx, "UPDATE limit_waits SET resumed_turn = ? WHERE session_id = ?").run(
    turnNumber ?? 0,
    sessionId,
  );
}

/** The account a session was spawned with (migration 014); a session of before it: its agent's name. */
export function sessionAccount(store: Store, session: { id: string; agent: string }): string {
  const row = statement(store, "SELECT account FROM session_accounts WHERE session_id = ?").get(
    session.id,
  ) as { account: string } | undefined;
  return row?.account ?? session.agent;
}

export function recordSessionAccount(tx: WriteTx, sessionId: string, account: string): void {
  statement(tx, "INSERT OR REPLACE INTO session_accounts (session_id, account) VALUES (?, ?)").run(
    sessionId,
    account,
  );
}
