import type { Migration } from "./migration.js";

/**
 * Admission by memory (docs/sessions.md, Admission): `agent_memory` is what ao learned each agent
 * plugin takes (the most its process tree measured lately); `spawn_waits` the spawns waiting to
 * start, in order, each with why it waits and the process that waits (a row whose process is gone
 * is stale and dropped).
 */
export const admissionTables: Migration = {
  version: 13,
  name: "admission",
  sql: `
    CREATE TABLE agent_memory (
      agent       TEXT PRIMARY KEY,
      bytes       INTEGER NOT NULL,
      measured_at INTEGER NOT NULL
    );
    CREATE TABLE spawn_waits (
      id      INTEGER PRIMARY KEY AUTOINCREMENT,
      project TEXT NOT NULL,
      agent   TEXT NOT NULL,
      task    TEXT NOT NULL,
      code    TEXT NOT NULL,
      reason  TEXT NOT NULL,
      since   INTEGER NOT NULL,
      pid     INTEGER NOT NULL
    );
  `,
};
