import type { Migration } from "./migration.js";

/**
 * Reviewed plans (docs/plans.md): a plan and its state; its revisions, append-only (the database
 * refuses UPDATE and DELETE), each with the revision it was made on; at most one agent revision
 * held back by the cooldown (replaced while it waits: that is the coalescing); approval bound to
 * (plan, revision) through `approved_revision`; saved playbooks. plan_steps, plan_hires and
 * plan_tickets are execution's records (src/core/plans/run/): resumable approval steps, hired
 * roles (one per plan and role, so a resumed approval never hires twice) and each step's run.
 */
export const plansTables: Migration = {
  version: 8,
  name: "plans",
  sql: `
    CREATE TABLE plans (
      id                TEXT PRIMARY KEY,
      project           TEXT NOT NULL,
      parent_issue      TEXT,
      status            TEXT NOT NULL
                        CHECK (status IN ('proposed', 'approved', 'executing', 'synthesizing', 'completed', 'failed', 'cancelled')),
      revision          INTEGER NOT NULL,
      approved_revision INTEGER,
      approved_by       TEXT,
      approved_at       INTEGER,
      reason            TEXT,
      parent_ref        TEXT,
      parent_url        TEXT,
      deliverable       TEXT,
      created_by        TEXT NOT NULL,
      created_at        INTEGER NOT NULL,
      updated_at        INTEGER NOT NULL
    );
    CREATE INDEX plans_by_project ON plans (project, created_at);
    CREATE TABLE plan_revisions (
      plan_id       TEXT NOT NULL,
      revision      INTEGER NOT NULL,
      base_revision INTEGER,
      kind          TEXT NOT NULL CHECK (kind IN ('propose', 'edit', 'agent', 'rewind')),
      author        TEXT NOT NULL,
      proposal      TEXT NOT NULL,
      note          TEXT,
      created_at    INTEGER NOT NULL,
      PRIMARY KEY (plan_id, revision)
    );
    CREATE TRIGGER plan_revisions_no_update BEFORE UPDATE ON plan_revisions
    BEGIN
      SELECT RAISE(ABORT, 'plan revisions are append-only');
    END;
    CREATE TRIGGER plan_revisions_no_delete BEFORE DELETE ON plan_revisions
    BEGIN
      SELECT RAISE(ABORT, 'plan revisions are append-only');
    END;
    CREATE TABLE plan_held_revisions (
      plan_id       TEXT PRIMARY KEY,
      base_revision INTEGER NOT NULL,
      author        TEXT NOT NULL,
      proposal      TEXT NOT NULL,
      coalesced     INTEGER NOT NULL,
      first_at      INTEGER NOT NULL,
      due_at        INTEGER NOT NULL
    );
    CREATE TABLE plan_playbooks (
      name        TEXT PRIMARY KEY,
      description TEXT,
      proposal    TEXT NOT NULL,
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
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
      started_at INTEGER, ended_at INTEGER, role TEXT, turn_id TEXT,
      PRIMARY KEY (plan_id, ticket_id)
    );
    CREATE INDEX plan_tickets_by_role ON plan_tickets (role, status);
  `,
};
