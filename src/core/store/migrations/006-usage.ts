import type { Migration } from "./migration.js";

/**
 * Usage (docs/cost.md): what an agent's own records say each model call used, one row per record
 * the agent names (a Claude Code message, a Codex token count, a Gemini message), so reading the
 * same record again replaces it instead of adding to it. `turn_id` is the turn the record's time
 * falls in; NULL is usage outside any turn (the spawn prompt, work between turns), which counts
 * for its session. `usd` is NULL when the model has no price: the tokens stay known. Token
 * columns are disjoint (input excludes cached input), so their sum is the tokens used.
 * `usage_cursors` is where each session's reading stopped (the agent's opaque cursor: files, byte
 * offsets, whatever it needs) with the session's project and agent, so a project's spend survives
 * its sessions' rows; a session with a cursor has an agent that records usage. No
 * foreign keys to sessions or turns: like events, spend is history that outlives a session row.
 */
export const usageTables: Migration = {
  version: 6,
  name: "usage",
  sql: `
    CREATE TABLE usage_records (
      id                    INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id            TEXT NOT NULL,
      record_key            TEXT NOT NULL,
      turn_id               INTEGER,
      at                    INTEGER NOT NULL,
      model                 TEXT,
      input_tokens          INTEGER NOT NULL CHECK (input_tokens >= 0),
      output_tokens         INTEGER NOT NULL CHECK (output_tokens >= 0),
      cache_read_tokens     INTEGER NOT NULL CHECK (cache_read_tokens >= 0),
      cache_write_tokens    INTEGER NOT NULL CHECK (cache_write_tokens >= 0),
      cache_write_1h_tokens INTEGER NOT NULL CHECK (cache_write_1h_tokens >= 0),
      usd                   REAL,
      source                TEXT NOT NULL,
      UNIQUE (session_id, record_key)
    );
    CREATE INDEX usage_by_turn ON usage_records (turn_id) WHERE turn_id IS NOT NULL;
    CREATE INDEX usage_by_session_at ON usage_records (session_id, at);
    CREATE INDEX usage_by_at ON usage_records (at);
    CREATE INDEX usage_unpriced ON usage_records (model) WHERE usd IS NULL;
    CREATE TABLE usage_cursors (
      session_id TEXT PRIMARY KEY,
      project    TEXT NOT NULL,
      agent      TEXT NOT NULL,
      cursor     TEXT NOT NULL,
      read_at    INTEGER NOT NULL
    );
  `,
};
