import type { Migration } from "./migration.js";

/**
 * The conflict radar (docs/conflicts.md): one row per pair of live sessions of a project, and per
 * session against the project's default branch (`right_id` ''), with the two heads it was checked
 * at, so a cycle merges again only the pairs whose heads moved. `kind` is what the three-way merge
 * found (`clean` rows are kept too: they are what "not moved" is compared with); `files` and
 * `hunks` are JSON; `since` is when the pair entered its kind.
 */
export const conflictPairs: Migration = {
  version: 11,
  name: "conflict-pairs",
  sql: `
    CREATE TABLE conflict_pairs (
      project      TEXT NOT NULL,
      left_id      TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      right_id     TEXT NOT NULL,
      left_branch  TEXT NOT NULL,
      right_branch TEXT NOT NULL,
      left_sha     TEXT NOT NULL,
      right_sha    TEXT NOT NULL,
      kind         TEXT NOT NULL CHECK (kind IN ('conflict', 'overlap', 'clean')),
      files        TEXT NOT NULL,
      hunks        TEXT NOT NULL,
      since        INTEGER NOT NULL,
      checked_at   INTEGER NOT NULL,
      PRIMARY KEY (project, left_id, right_id)
    );
  `,
};
