import type { Migration } from "./migration.js";

/**
 * Turns (docs/state.md, src/core/slots/turns.ts): one message delivered to an agent and its work
 * on it. The message text is kept only while the turn waits for delivery (`message`, cleared once
 * delivered); its hash and size stay. No foreign key to sessions: like events, a turn is history
 * that outlives its session row. Two partial indexes carry the rules the code relies on: at most
 * one open (delivering or running) turn per session, and at most one turn per reaction.
 */
export const turnsTable: Migration = {
  version: 4,
  name: "turns",
  sql: `
    CREATE TABLE turns (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id     TEXT NOT NULL,
      origin         TEXT NOT NULL CHECK (origin IN ('cli', 'reaction', 'mcp')),
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
    CREATE INDEX turns_by_session ON turns (session_id, id);
    CREATE INDEX turns_waiting ON turns (status, session_id)
      WHERE status IN ('queued', 'delivering', 'running');
    CREATE UNIQUE INDEX turns_one_open_per_session ON turns (session_id)
      WHERE status IN ('delivering', 'running');
    CREATE UNIQUE INDEX turns_one_per_reaction ON turns (reaction_id)
      WHERE reaction_id IS NOT NULL;
  `,
};
