import { statement, type Store } from "../store/store.js";

/** Which spend to sum; every filter narrows, none means the whole store. */
export interface SpendFilter {
  readonly sessionId?: string | undefined;
  /** Several sessions at once (a plan role's runs: the caller knows which sessions ran it). */
  readonly sessionIds?: readonly string[] | undefined;
  readonly projectId?: string | undefined;
  /** The agent plugin's name, as the session's config wrote it. */
  readonly agent?: string | undefined;
  /** ms since the epoch, inclusive: usage recorded (turns queued) at or after it. */
  readonly since?: number | undefined;
  /** ms since the epoch, exclusive. */
  readonly until?: number | undefined;
}

/**
 * Spend as recorded (docs/cost.md). `usd`/`tokens` are null when nothing was recorded — never 0 for
 * unknown; `usd` sums the priced records only, and `unpricedTokens` says how many tokens had no
 * price. `turns` counts turns given to the agent; `unknownTurns` those whose cost is not known
 * (the agent records no usage, or a record in the turn has no price).
 */
export interface Spend {
  readonly usd: number | null;
  readonly tokens: number | null;
  readonly unpricedTokens: number;
  readonly turns: number;
  readonly unknownTurns: number;
}

const TOKENS = "(u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens)";

/** Sums the recorded usage; a pure store read, so it is only as fresh as the last refresh. */
export function readSpend(store: Store, filter: SpendFilter = {}): Spend {
  const usage = where(filter, "c.project", "c.agent", "u.session_id", "u.at");
  const sums = statement(
    store,
    `SELECT SUM(u.usd) AS usd, COUNT(u.usd) AS priced, SUM(${TOKENS}) AS tokens, COUNT(*) AS records,
       COALESCE(SUM(CASE WHEN u.usd IS NULL THEN ${TOKENS} END), 0) AS unpriced
     FROM usage_records u JOIN usage_cursors c ON c.session_id = u.session_id ${usage.sql}`,
  ).get(usage.params) as {
    usd: number | null;
    priced: number;
    tokens: number | null;
    records: number;
    unpriced: number;
  };
  const turns = where(
    filter,
    "COALESCE(c.project, s.project)",
    "COALESCE(c.agent, s.agent)",
    "t.session_id",
    "t.queued_at",
  );
  const counts = statement(
    store,
    `SELECT COUNT(*) AS turns, COALESCE(SUM(CASE WHEN c.session_id IS NULL OR EXISTS (SELECT 1 FROM usage_records r
         WHERE r.turn_id = t.id AND r.usd IS NULL) THEN 1 ELSE 0 END), 0) AS unknown
     FROM turns t LEFT JOIN sessions s ON s.id = t.session_id LEFT JOIN usage_cursors c ON c.session_id = t.session_id
     ${turns.sql} ${turns.sql === "" ? "WHERE" : "AND"} t.status <> 'queued'`,
  ).get(turns.params) as { turns: number; unknown: number };
  return {
    usd: sums.priced > 0 ? sums.usd : null,
    tokens: sums.records > 0 ? sums.tokens : null,
    unpricedTokens: sums.unpriced,
    turns: counts.turns,
    unknownTurns: counts.unknown,
  };
}

export interface Where {
  readonly sql: string;
  readonly params: Record<string, string | number>;
}

/** The WHERE clause of a filter over the given columns (named parameters, never text in SQL); spend-detail.ts shares it. */
export function where(
  filter: SpendFilter,
  project: string,
  agent: string,
  session: string,
  at: string,
): Where {
  const clauses: string[] = [];
  const params: Record<string, string | number> = {};
  const add = (clause: string, name: string, value: string | number | undefined): void => {
    if (value === undefined) return;
    clauses.push(clause);
    params[name] = value;
  };
  add(`${session} = :session`, "session", filter.sessionId);
  add(
    `${session} IN (SELECT value FROM json_each(:sessions))`,
    "sessions",
    filter.sessionIds && JSON.stringify(filter.sessionIds),
  );
  add(`${project} = :project`, "project", filter.projectId);
  add(`${agent} = :agent`, "agent", filter.agent);
  add(`${at} >= :since`, "since", filter.since);
  add(`${at} < :until`, "until", filter.until);
  return { sql: clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`, params };
}
