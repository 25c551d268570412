import type { Migration } from "./migration.js";

/**
 * What the lifecycle engine carries from one cycle to the next on each session: the last pull
 * request observation, the lifecycle's own memory, when the agent was last seen working and when
 * the session entered its status. All nullable: rows written before this migration have none.
 */
export const lifecycleColumns: Migration = {
  version: 2,
  name: "lifecycle",
  sql: `
    ALTER TABLE sessions ADD COLUMN pr_state TEXT;
    ALTER TABLE sessions ADD COLUMN memory TEXT;
    ALTER TABLE sessions ADD COLUMN last_activity_at INTEGER;
    ALTER TABLE sessions ADD COLUMN status_since INTEGER;
  `,
};
