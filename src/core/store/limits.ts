import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** One agent's usage limit on this machine (migration 007): all its sessions share it. */
export interface AgentLimit {
  readonly agent: string;
  readonly words: string;
  readonly hitAt: number;
  readonly resetAt: number;
  /** False: the CLI printed no time, and `resetAt` is ao's fallback wait. */
  readonly resetPrinted: boolean;
  /** The session whose agent printed it first. */
  readonly sessionId: string | null;
  /** When the daemon resumed the sessions it interrupted; null while that is still to do. */
  readonly resumedAt: number | null;
}

interface AgentLimitRow {
  agent: string;
  words: string;
  hit_at: number;
  reset_at: number;
  reset_printed: number;
  session_id: string | null;
  resumed_at: number | null;
}

function toLimit(row: AgentLimitRow): AgentLimit {
  return {
    agent: row.agent,
    words: row.words,
    hitAt: row.hit_at,
    resetAt: row.reset_at,
    resetPrinted: row.reset_printed === 1,
    sessionId: row.session_id,
    resumedAt: row.resumed_at,
  };
}

export function getAgentLimit(store: Store, agent: string): AgentLimit | undefined {
  const row = statement(store, "SELECT * FROM agent_limits WHERE agent = ?").get(agent) as
    AgentLimitRow | undefined;
  return row === undefined ? undefined : toLimit(row);
}

/** Limits whose reset has passed and whose sessions were not resumed yet. */
export function limitsToResume(store: Store, now: number): AgentLimit[] {
  const rows = statement(
    store,
    "SELECT * FROM agent_limits WHERE resumed_at IS NULL AND reset_at <= ? ORDER BY agent",
  ).all(now) as AgentLimitRow[];
  return rows.map(toLimit);
}

/**
 * Records a limit a session saw. While the agent's limit is still in force this is the same limit
 * (one per agent, not one per session): nothing is written and false is returned. Otherwise the
 * limit replaces the last one, with its `limit.hit` event.
 */
export function recordAgentLimit(
  tx: WriteTx,
  limit: Omit<AgentLimit, "resumedAt" | "hitAt"> & { sessionId: string },
): boolean {
  const now = tx.clock.now();
  const current = getAgentLimit(tx, limit.agent);
  if (current !== undefined && current.resetAt > now && current.resumedAt === null) return false;
  statement(
    tx,
    `INSERT INTO agent_limits (agent, words, hit_at, reset_at, reset_printed, session_id, resumed_at)
     VALUES (?, ?, ?, ?, ?, ?, NULL)
     ON CONFLICT (agent) DO UPDATE SET words = excluded.words, hit_at = excluded.hit_at,
       reset_at = excluded.reset_at, reset_printed = excluded.reset_printed,
       session_id = excluded.session_id, resumed_at = NULL`,
  ).run(limit.agent, limit.words, now, limit.resetAt, limit.resetPrinted ? 1 : 0, limit.sessionId);
  appendEvent(tx, {
    type: "limit.hit",
    sessionId: limit.sessionId,
    payload: {
      agent: limit.agent,
      words: limit.words,
      resetAt: limit.resetAt,
      resetPrinted: limit.resetPrinted,
    },
  });
  return true;
}

export function markLimitResumed(tx: WriteTx, agent: string): void {
  statement(tx, "UPDATE agent_limits SET resumed_at = ? WHERE agent = ?").run(tx.clock.now(), agent);
}

/** A session a limit interrupted, waiting for its continue turn (`resumedTurn` null). */
export interface LimitWait {
  readonly sessionId: string;
  readonly agent: string;
  readonly sighting: string;
  readonly since: number;
  readonly resumedTurn: number | null;
}

export function getLimitWait(store: Store, sessionId: string): LimitWait | undefined {
  const row = statement(store, "SELECT * FROM limit_waits WHERE session_id = ?").get(sessionId) as
    | { session_id: string; agent: string; sighting: string; since: number; resumed_turn: number | null }
    | undefined;
  if (row === undefined) return undefined;
  return {
    sessionId: row.session_id,
    agent: row.agent,
    sighting: row.sighting,
    since: row.since,
    resumedTurn: row.resumed_turn,
  };
}

/** Notes that the session saw a limit; false when it is this very sighting again. */
export function recordLimitWait(tx: WriteTx, wait: Omit<LimitWait, "since" | "resumedTurn">): boolean {
  if (getLimitWait(tx, wait.sessionId)?.sighting === wait.sighting) return false;
  statement(
    tx,
    `INSERT INTO limit_waits (session_id, agent, sighting, since, resumed_turn) VALUES (?, ?, ?, ?, NULL)
     ON CONFLICT (session_id) DO UPDATE SET agent = excluded.agent, sighting = excluded.sighting,
       since = excluded.since, resumed_turn = NULL`,
  ).run(wait.sessionId, wait.agent, wait.sighting, tx.clock.now());
  return true;
}

/** The sessions of an agent still waiting for their continue turn, oldest first. */
export function pendingWaits(store: Store, agent: string): LimitWait[] {
  const rows = statement(
    store,
    "SELECT session_id FROM limit_waits WHERE agent = ? AND resumed_turn IS NULL ORDER BY since, session_id",
  ).all(agent) as { session_id: string }[];
  return rows.flatMap((row) => getLimitWait(store, row.session_id) ?? []);
}

export function markWaitResumed(tx: WriteTx, sessionId: string, turnNumber: number | null): void {
  statement(tx, "UPDATE limit_waits SET resumed_turn = ? WHERE session_id = ?").run(
    turnNumber ?? 0,
    sessionId,
  );
}
