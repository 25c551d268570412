import type { Migration } from "./migration.js";

/**
 * The first schema. Shipped migrations are never edited (docs/state.md): a change is a new number.
 * Timestamps are INTEGER milliseconds since the epoch, from the context's clock.
 */
export const initialSchema: Migration = {
  version: 1,
  name: "initial",
  sql: `
    CREATE TABLE sessions (
      id               TEXT PRIMARY KEY,
      project          TEXT NOT NULL,
      issue            TEXT,
      branch           TEXT NOT NULL,
      worktree         TEXT NOT NULL,
      runtime          TEXT NOT NULL,
      runtime_handle   TEXT,
      agent            TEXT NOT NULL,
      agent_session_id TEXT,
      status           TEXT NOT NULL,
      reason           TEXT,
      pr_number        INTEGER,
      pr_url           TEXT,
      activity         TEXT,
      spawn_step       TEXT,
      created_at       INTEGER NOT NULL,
      updated_at       INTEGER NOT NULL,
      ended_at         INTEGER
    );
    CREATE INDEX sessions_by_project_status ON sessions (project, status);
    CREATE INDEX sessions_by_status ON sessions (status);

    CREATE TABLE session_counters (
      prefix TEXT PRIMARY KEY,
      next   INTEGER NOT NULL
    );

    -- No foreign key to sessions: a session row may be deleted, its history stays.
    CREATE TABLE events (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT,
      type       TEXT NOT NULL,
      payload    TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX events_by_session ON events (session_id, id);

    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
    BEGIN
      SELECT RAISE(ABORT, 'events are append-only');
    END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    BEGIN
      SELECT RAISE(ABORT, 'events are append-only');
    END;

    CREATE TABLE reactions (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id   TEXT REFERENCES sessions (id) ON DELETE CASCADE,
      reaction_key TEXT NOT NULL,
      dedupe_key   TEXT NOT NULL UNIQUE,
      status       TEXT NOT NULL
                   CHECK (status IN ('pending', 'delivering', 'done', 'failed', 'escalated')),
      attempts     INTEGER NOT NULL DEFAULT 0,
      due_at       INTEGER NOT NULL,
      last_error   TEXT,
      payload      TEXT NOT NULL,
      created_at   INTEGER NOT NULL,
      updated_at   INTEGER NOT NULL
    );
    CREATE INDEX reactions_due ON reactions (status, due_at);
    CREATE INDEX reactions_by_session ON reactions (session_id);

    CREATE TABLE meta (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};
