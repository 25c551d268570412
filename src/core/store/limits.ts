import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";

/**
 * One account's usage limit on this machine (migration 014): every session spawned with that
 * account shares it. The account key is `<agent>` or `<agent>@<fingerprint>` (sessions/agent-account.ts).
 */
export interface AccountLimit {
  readonly account: string;
  readonly agent: string;
  readonly words: string;
  readonly hitAt: number;
  readonly resetAt: number;
  /** False: the CLI printed no time, and `resetAt` is ao's fallback wait. */
  readonly resetPrinted: boolean;
  /** The session whose agent printed it first. */
  readonly sessionId: string | null;
  /** When the daemon resumed every session it interrupted; null while that is still to do. */
  readonly resumedAt: number | null;
}

interface AccountLimitRow {
  account: string;
  agent: string;
  words: string;
  hit_at: number;
  reset_at: number;
  reset_printed: number;
  session_id: string | null;
  resumed_at: number | null;
}

function toLimit(row: AccountLimitRow): AccountLimit {
  return {
    account: row.account,
    agent: row.agent,
    words: row.words,
    hitAt: row.hit_at,
    resetAt: row.reset_at,
    resetPrinted: row.reset_printed === 1,
    sessionId: row.session_id,
    resumedAt: row.resumed_at,
  };
}

export function getAccountLimit(store: Store, account: string): AccountLimit | undefined {
  const row = statement(store, "SELECT * FROM account_limits WHERE account = ?").get(account) as
    AccountLimitRow | undefined;
  return row === undefined ? undefined : toLimit(row);
}

/** Limits whose reset has passed and whose sessions were not all resumed yet. */
export function limitsToResume(store: Store, now: number): AccountLimit[] {
  const rows = statement(
    store,
    "SELECT * FROM account_limits WHERE resumed_at IS NULL AND reset_at <= ? ORDER BY account",
  ).all(now) as AccountLimitRow[];
  return rows.map(toLimit);
}

/** Limits in force or not yet resumed (`ao status`'s accounts), by reset. */
export function openLimits(store: Store, now: number): AccountLimit[] {
  const rows = statement(
    store,
    "SELECT * FROM account_limits WHERE resumed_at IS NULL OR reset_at > ? ORDER BY reset_at, account",
  ).all(now) as AccountLimitRow[];
  return rows.map(toLimit);
}

/**
 * Records a limit a session saw. While the account's limit is still in force this is the same limit
 * (one per account, not one per session): nothing is written and false is returned. A limit whose
 * reset passed but whose sessions were not resumed yet is the same episode too (Claude Code
 * retrying a 429 ten times, each wait longer): its reset and words follow the newest sighting,
 * without another `limit.hit`, and false is returned. Otherwise the limit replaces the last one,
 * with its `limit.hit` event.
 */
export function recordAccountLimit(
  tx: WriteTx,
  limit: Omit<AccountLimit, "resumedAt" | "hitAt"> & { sessionId: string },
): boolean {
  const now = tx.clock.now();
  const current = getAccountLimit(tx, limit.account);
  if (current !== undefined && current.resumedAt === null) {
    if (current.resetAt <= now) extendAccountLimit(tx, limit);
    return false;
  }
  statement(
    tx,
    `INSERT INTO account_limits (account, agent, words, hit_at, reset_at, reset_printed, session_id, resumed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
     ON CONFLICT (account) DO UPDATE SET agent = excluded.agent, words = excluded.words,
       hit_at = excluded.hit_at, reset_at = excluded.reset_at, reset_printed = excluded.reset_printed,
       session_id = excluded.session_id, resumed_at = NULL`,
  ).run(
    limit.account,
    limit.agent,
    limit.words,
    now,
    limit.resetAt,
    limit.resetPrinted ? 1 : 0,
    limit.sessionId,
  );
  appendEvent(tx, {
    type: "limit.hit",
    sessionId: limit.sessionId,
    payload: {
      agent: limit.agent,
      account: limit.account,
      words: limit.words,
      resetAt: limit.resetAt,
      resetPrinted: limit.resetPrinted,
    },
  });
  return true;
}

/** The same limit seen again after its reset: the hold follows the newest words and reset. */
function extendAccountLimit(
  tx: WriteTx,
  limit: Pick<AccountLimit, "account" | "words" | "resetAt" | "resetPrinted">,
): void {
  statement(tx, "UPDATE account_limits SET words = ?, reset_at = ?, reset_printed = ? WHERE account = ?").run(
    limit.words,
    limit.resetAt,
    limit.resetPrinted ? 1 : 0,
    limit.account,
  );
}

export function markLimitResumed(tx: WriteTx, account: string): void {
  statement(tx, "UPDATE account_limits SET resumed_at = ? WHERE account = ?").run(tx.clock.now(), account);
}
