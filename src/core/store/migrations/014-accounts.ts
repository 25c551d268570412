import type { Migration } from "./migration.js";

/**
 * Usage limits per account (docs/limits-and-budgets.md, Accounts). `session_accounts`: the account
 * key each session was spawned with (`<agent>` or `<agent>@<fingerprint>`, never a secret).
 * `account_limits` replaces `agent_limits`, keyed by account; a limit of 007 was per agent, which is
 * the account key of a session spawned without account variables, so the rows carry over as they are.
 * `limit_waits.account` says whose limit interrupted the session and `resume_at` when its staggered
 * continue turn is due (null until the daemon schedules it at the reset). `spawn_waits.account`: the
 * account a spawn waiting for a reset waits on.
 */
export const accountTables: Migration = {
  version: 14,
  name: "accounts",
  sql: `
    CREATE TABLE session_accounts (
      session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      account    TEXT NOT NULL
    );
    CREATE TABLE account_limits (
      account       TEXT PRIMARY KEY,
      agent         TEXT NOT NULL,
      words         TEXT NOT NULL,
      hit_at        INTEGER NOT NULL,
      reset_at      INTEGER NOT NULL,
      reset_printed INTEGER NOT NULL CHECK (reset_printed IN (0, 1)),
      session_id    TEXT,
      resumed_at    INTEGER
    );
    INSERT INTO account_limits (account, agent, words, hit_at, reset_at, reset_printed, session_id, resumed_at)
      SELECT agent, agent, words, hit_at, reset_at, reset_printed, session_id, resumed_at FROM agent_limits;
    DROP TABLE agent_limits;
    ALTER TABLE limit_waits ADD COLUMN account TEXT NOT NULL DEFAULT '';
    UPDATE limit_waits SET account = agent;
    ALTER TABLE limit_waits ADD COLUMN resume_at INTEGER;
    ALTER TABLE spawn_waits ADD COLUMN account TEXT;
  `,
};
