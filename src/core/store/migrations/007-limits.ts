import type { Migration } from "./migration.js";

/**
 * Usage limits and budgets (docs/limits-and-budgets.md). `agent_limits`: one limit per agent on
 * this machine, however many of its sessions saw it (they share one account), with the agent's
 * words and when it lifts (`reset_printed` 0: ao's fallback wait, the CLI printed no time).
 * `limit_waits`: the sessions a limit interrupted, each to get one "continue" turn after the reset;
 * `sighting` is what was seen (the words and the last turn then), so the same message left on a
 * screen is one limit, not one per cycle. `budget_holds`: the sessions held over budget, so a
 * person is told once and the hold is lifted once, when the budget allows again.
 */
export const limitTables: Migration = {
  version: 7,
  name: "limits",
  sql: `
    CREATE TABLE agent_limits (
      agent         TEXT PRIMARY KEY,
      words         TEXT NOT NULL,
      hit_at        INTEGER NOT NULL,
      reset_at      INTEGER NOT NULL,
      reset_printed INTEGER NOT NULL CHECK (reset_printed IN (0, 1)),
      session_id    TEXT,
      resumed_at    INTEGER
    );
    CREATE TABLE limit_waits (
      session_id   TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      agent        TEXT NOT NULL,
      sighting     TEXT NOT NULL,
      since        INTEGER NOT NULL,
      resumed_turn INTEGER
    );
    CREATE TABLE budget_holds (
      session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      scope      TEXT NOT NULL CHECK (scope IN ('session', 'project')),
      words      TEXT NOT NULL,
      since      INTEGER NOT NULL
    );
  `,
};
