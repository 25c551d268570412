import type { Migration } from "./migration.js";

/**
 * The merge train (docs/merge-train.md): one row per time a session entered a project's queue
 * (a re-entry is a new row, `attempt` + 1), and every step the train took with it, in order.
 * `state` is the last recorded step's outcome, so a daemon killed mid-train resumes from it:
 * `head_sha` the branch head it was prepared from, `base_sha` the default branch's head it was
 * brought up to date with, `tested_sha` the commit CI tested and the only one the train merges.
 */
export const mergeQueue: Migration = {
  version: 12,
  name: "merge-queue",
  sql: `
    CREATE TABLE queue_entries (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      project     TEXT NOT NULL,
      session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      position    INTEGER NOT NULL,
      attempt     INTEGER NOT NULL DEFAULT 1,
      state       TEXT NOT NULL
                  CHECK (state IN ('queued', 'updating', 'testing', 'merging', 'landed', 'left')),
      head_sha    TEXT,
      base_sha    TEXT,
      tested_sha  TEXT,
      reason      TEXT,
      detail      TEXT NOT NULL DEFAULT '{}',
      entered_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL,
      testing_at  INTEGER,
      ended_at    INTEGER
    );
    CREATE INDEX queue_entries_project ON queue_entries (project, state, position);
    CREATE INDEX queue_entries_session ON queue_entries (session_id, id);

    CREATE TABLE queue_steps (
      id        INTEGER PRIMARY KEY AUTOINCREMENT,
      entry_id  INTEGER NOT NULL REFERENCES queue_entries(id) ON DELETE CASCADE,
      step      TEXT NOT NULL,
      sha       TEXT,
      detail    TEXT NOT NULL DEFAULT '{}',
      at        INTEGER NOT NULL
    );
    CREATE INDEX queue_steps_entry ON queue_steps (entry_id, id);
  `,
};
