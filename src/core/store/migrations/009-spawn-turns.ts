import type { Migration } from "./migration.js";

/**
 * The spawn's first prompt is a turn (origin `spawn`, docs/turns.md): the task the agent was
 * started with, recorded so that its signals are never read as a later message's. SQLite cannot
 * change a CHECK constraint in place, so the table is copied into one that allows the new origin,
 * with the same columns and indexes (004-turns.ts); no table refers to it by a foreign key.
 */
export const spawnTurns: Migration = {
  version: 9,
  name: "spawn-turns",
  sql: `
    CREATE TABLE turns_new (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id     TEXT NOT NULL,
      origin         TEXT NOT NULL CHECK (origin IN ('cli', 'reaction', 'mcp', 'spawn')),
      reaction_id    INTEGER,
      message_sha256 TEXT NOT NULL,
      message_bytes  INTEGER NOT NULL,
      message        TEXT,
      marker         TEXT,
      status         TEXT NOT NULL
                     CHECK (status IN ('queued', 'delivering', 'running', 'completed', 'interrupted', 'failed', 'empty')),
      queued_at      INTEGER NOT NULL,
      delivered_at   INTEGER,
      started_at     INTEGER,
      ended_at       INTEGER,
      reply          TEXT,
      reply_source   TEXT CHECK (reply_source IN ('hook', 'transcript', 'screen')),
      error          TEXT,
      cursor         TEXT,
      claimant       TEXT,
      claimed_at     INTEGER,
      updated_at     INTEGER NOT NULL
    );
    INSERT INTO turns_new SELECT id, session_id, origin, reaction_id, message_sha256, message_bytes,
      message, marker, status, queued_at, delivered_at, started_at, ended_at, reply, reply_source,
      error, cursor, claimant, claimed_at, updated_at FROM turns;
    DROP TABLE turns;
    ALTER TABLE turns_new RENAME TO turns;
    CREATE INDEX turns_by_session ON turns (session_id, id);
    CREATE INDEX turns_waiting ON turns (status, session_id)
      WHERE status IN ('queued', 'delivering', 'running');
    CREATE UNIQUE INDEX turns_one_open_per_session ON turns (session_id)
      WHERE status IN ('delivering', 'running');
    CREATE UNIQUE INDEX turns_one_per_reaction ON turns (reaction_id)
      WHERE reaction_id IS NOT NULL;
  `,
};
