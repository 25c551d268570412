import type { Migration } from "./migration.js";

/**
 * The control plane (docs/control-plane.md): commanders (an agent that drives workers over MCP,
 * known by the sha256 of its token, never the token), the workers each one opened (a session and
 * its commander; closing ends the commander's rights, the row stays as history), each worker's
 * secret (sha256 only) for `orch_report`, the reports workers made (the reply of a turn, or a
 * message of their own), and request ids a commander gave (one turn per id). No foreign key to
 * sessions, like turns: history outlives a session row.
 */
export const controlPlaneTables: Migration = {
  version: 5,
  name: "control-plane",
  sql: `
    CREATE TABLE commanders (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      name         TEXT NOT NULL,
      token_sha256 TEXT NOT NULL UNIQUE,
      created_at   INTEGER NOT NULL,
      revoked_at   INTEGER
    );
    CREATE UNIQUE INDEX commanders_live_name ON commanders (name) WHERE revoked_at IS NULL;
    CREATE TABLE workers (
      session_id   TEXT PRIMARY KEY,
      commander_id INTEGER NOT NULL REFERENCES commanders (id),
      created_at   INTEGER NOT NULL,
      closed_at    INTEGER
    );
    CREATE INDEX workers_by_commander ON workers (commander_id, created_at);
    CREATE TABLE worker_secrets (
      session_id    TEXT PRIMARY KEY,
      secret_sha256 TEXT NOT NULL UNIQUE,
      created_at    INTEGER NOT NULL
    );
    CREATE TABLE reports (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT NOT NULL,
      turn_id    INTEGER,
      text       TEXT NOT NULL,
      at         INTEGER NOT NULL
    );
    CREATE INDEX reports_by_turn ON reports (turn_id) WHERE turn_id IS NOT NULL;
    CREATE INDEX reports_by_session ON reports (session_id, id);
    CREATE TABLE request_ids (
      commander_id INTEGER NOT NULL,
      request_id   TEXT NOT NULL,
      turn_id      INTEGER NOT NULL,
      at           INTEGER NOT NULL,
      PRIMARY KEY (commander_id, request_id)
    );
  `,
};
