import type { Migration } from "./migration.js";

/**
 * PLACEHOLDER of plans-run until plans-core's 008 lands (then theirs replaces this file, with the
 * plans-run tables below in it). Plans (docs/plans.md): the plan rows and their revisions
 * (plans-core), and what approval and execution record (plans-run): the approval's completed steps,
 * the roles it hired, and the pipeline's tickets with their state, session and output.
 */
export const plansTables: Migration = {
  version: 6,
  name: "plans",
  sql: `
    CREATE TABLE plans (
      id                TEXT PRIMARY KEY,
      project           TEXT NOT NULL,
      status            TEXT NOT NULL,
      revision          INTEGER NOT NULL,
      approved_revision INTEGER,
      reason            TEXT,
      parent_ref        TEXT,
      parent_url        TEXT,
      deliverable       TEXT,
      parent_issue      TEXT,
      approved_by       TEXT,
      approved_at       INTEGER,
      created_by        TEXT,
      created_at        INTEGER NOT NULL,
      updated_at        INTEGER NOT NULL
    );
    CREATE TABLE plan_revisions (
      plan_id  TEXT NOT NULL,
      revision INTEGER NOT NULL,
      base_revision INTEGER,
      proposal TEXT NOT NULL,
      author   TEXT NOT NULL,
      kind     TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (plan_id, revision)
    );
    CREATE TABLE plan_steps (
      plan_id TEXT NOT NULL, step TEXT NOT NULL, payload TEXT NOT NULL DEFAULT '{}', at INTEGER NOT NULL,
      PRIMARY KEY (plan_id, step)
    );
    CREATE TABLE plan_hires (
      id INTEGER PRIMARY KEY AUTOINCREMENT, plan_id TEXT NOT NULL, role TEXT NOT NULL,
      agent TEXT NOT NULL, model TEXT, rules TEXT, at INTEGER NOT NULL, UNIQUE (plan_id, role)
    );
    CREATE TABLE plan_tickets (
      plan_id TEXT NOT NULL, ticket_id TEXT NOT NULL, kind TEXT NOT NULL, position INTEGER NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending', session_id TEXT, output TEXT, reason TEXT,
      role TEXT, turn_id TEXT, started_at INTEGER, ended_at INTEGER, PRIMARY KEY (plan_id, ticket_id)
    );
  `,
};
