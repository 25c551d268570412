import type { Migration } from "./migration.js";

/**
 * Why a session's agent ended: its exit code and the last lines it printed, kept from the first
 * time ao saw it exited (`ao status` or a lifecycle cycle), so they outlive the pane. JSON, null
 * while the agent runs (and again after a restore).
 *
 * File 004: 003 is the turns migration, written at the same time; whichever lands second takes the
 * next version. Until turns land, this is version 3.
 */
export const agentExitColumn: Migration = {
  version: 3,
  name: "agent-exit",
  sql: `
    ALTER TABLE sessions ADD COLUMN exit_details TEXT;
  `,
};
