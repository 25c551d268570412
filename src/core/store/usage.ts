import type { TokenCounts } from "../slots/usage.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** One usage record as the store keeps it (docs/cost.md), priced when it was read. */
export interface UsageRecordRow {
  /** The agent's own name for the record; reading it again replaces the row. */
  readonly key: string;
  /** ms since the epoch, from the agent's record. */
  readonly at: number;
  readonly model: string | null;
  readonly tokens: TokenCounts;
  /** null: the model has no price (tokens stay known). */
  readonly usd: number | null;
}

/** Where a session's usage reading stopped, with whose usage it is. */
export interface UsageCursor {
  readonly sessionId: string;
  readonly project: string;
  readonly agent: string;
  /** The agent's opaque position (its files, offsets); "" before the first read. */
  readonly cursor: string;
  readonly readAt: number;
}

/**
 * Stores what one read found and where it stopped, in the caller's transaction. Each record goes to
 * the turn its time falls in (from the turn's claim, delivery or start, whichever came first, to its
 * end; an unended turn is open), or to no turn.
 */
export function recordUsage(
  tx: WriteTx,
  cursor: Omit<UsageCursor, "readAt">,
  source: string,
  records: readonly UsageRecordRow[],
): void {
  const upsert = statement(
    tx,
    `INSERT INTO usage_records (session_id, record_key, turn_id, at, model, input_tokens, output_tokens,
       cache_read_tokens, cache_write_tokens, cache_write_1h_tokens, usd, source)
     VALUES (:session, :key, (SELECT id FROM turns WHERE session_id = :session
         AND MIN(COALESCE(claimed_at, :never), COALESCE(delivered_at, :never), COALESCE(started_at, :never)) <= :at
         AND (ended_at IS NULL OR ended_at >= :at) ORDER BY id DESC LIMIT 1),
       :at, :model, :input, :output, :cacheRead, :cacheWrite, :cacheWrite1h, :usd, :source)
     ON CONFLICT (session_id, record_key) DO UPDATE SET turn_id = excluded.turn_id, at = excluded.at,
       model = excluded.model, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
       cache_read_tokens = excluded.cache_read_tokens, cache_write_tokens = excluded.cache_write_tokens,
       cache_write_1h_tokens = excluded.cache_write_1h_tokens, usd = excluded.usd, source = excluded.source`,
  );
  for (const record of records)
    upsert.run({
      never: Number.MAX_SAFE_INTEGER,
      session: cursor.sessionId,
      key: record.key,
      at: record.at,
      model: record.model,
      ...record.tokens,
      usd: record.usd,
      source,
    });
  statement(
    tx,
    `INSERT INTO usage_cursors (session_id, project, agent, cursor, read_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET cursor = excluded.cursor, read_at = excluded.read_at`,
  ).run(cursor.sessionId, cursor.project, cursor.agent, cursor.cursor, tx.clock.now());
}

export function getUsageCursor(store: Store, sessionId: string): UsageCursor | undefined {
  const row = statement(store, "SELECT * FROM usage_cursors WHERE session_id = ?").get(sessionId) as
    { session_id: string; project: string; agent: string; cursor: string; read_at: number } | undefined;
  if (row === undefined) return undefined;
  return {
    sessionId: row.session_id,
    project: row.project,
    agent: row.agent,
    cursor: row.cursor,
    readAt: row.read_at,
  };
}

/** Models whose records have no price yet, for repricing once `pricing:` names them. */
export function unpricedModels(store: Store): string[] {
  const rows = statement(
    store,
    "SELECT DISTINCT model FROM usage_records WHERE usd IS NULL AND model IS NOT NULL",
  ).all();
  return (rows as { model: string }[]).map((row) => row.model);
}

/** Prices the records of `model` that had no price, with `price` (usd per record from its tokens). */
export function priceUnpriced(tx: WriteTx, model: string, price: (tokens: TokenCounts) => number): number {
  const rows = statement(
    tx,
    `SELECT id, input_tokens AS input, output_tokens AS output, cache_read_tokens AS cacheRead,
       cache_write_tokens AS cacheWrite, cache_write_1h_tokens AS cacheWrite1h
     FROM usage_records WHERE model = ? AND usd IS NULL`,
  ).all(model) as (TokenCounts & { id: number })[];
  const update = statement(tx, "UPDATE usage_records SET usd = ? WHERE id = ?");
  for (const row of rows) update.run(price(row), row.id);
  return rows.length;
}
