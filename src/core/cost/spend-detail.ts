import { statement, type Store } from "../store/store.js";
import { where, type SpendFilter } from "./read-spend.js";

/** Recorded tokens by kind (cacheWrite includes its one-hour part); null when nothing was recorded. */
export interface TokenKinds {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
}

/** A model whose records have no price: its tokens are known, their cost is not. */
export interface UnpricedModel {
  /** As the agent recorded it; null when it did not say. */
  readonly model: string | null;
  readonly tokens: number;
  readonly records: number;
}

const USAGE_FROM = "FROM usage_records u JOIN usage_cursors c ON c.session_id = u.session_id";

/**
 * What `ao cost` shows beside the sums (issue 25): the tokens by kind, so a person sees what cache
 * reads and writes did, not only a total.
 */
export function readTokenKinds(store: Store, filter: SpendFilter = {}): TokenKinds | null {
  const clause = where(filter, "c.project", "c.agent", "u.session_id", "u.at");
  const row = statement(
    store,
    `SELECT COUNT(*) AS records, SUM(u.input_tokens) AS input, SUM(u.output_tokens) AS output,
       SUM(u.cache_read_tokens) AS cacheRead, SUM(u.cache_write_tokens) AS cacheWrite
     ${USAGE_FROM} ${clause.sql}`,
  ).get(clause.params) as TokenKinds & { records: number };
  if (row.records === 0) return null;
  return { input: row.input, output: row.output, cacheRead: row.cacheRead, cacheWrite: row.cacheWrite };
}

/** The models whose records in the filter have no price, most tokens first. */
export function readUnpricedModels(store: Store, filter: SpendFilter = {}): UnpricedModel[] {
  const clause = where(filter, "c.project", "c.agent", "u.session_id", "u.at");
  return statement(
    store,
    `SELECT u.model AS model, COUNT(*) AS records,
       SUM(u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens) AS tokens
     ${USAGE_FROM} ${clause.sql} ${clause.sql === "" ? "WHERE" : "AND"} u.usd IS NULL
     GROUP BY u.model ORDER BY tokens DESC, model`,
  ).all(clause.params) as unknown as UnpricedModel[];
}
