import { initialSchema } from "./001-initial.js";
import { lifecycleColumns } from "./002-lifecycle.js";
import { agentExitColumn } from "./003-agent-exit.js";
import { turnsTable } from "./004-turns.js";
import { controlPlaneTables } from "./005-control-plane.js";
import { usageTables } from "./006-usage.js";
import { limitTables } from "./007-limits.js";
import type { Migration } from "./migration.js";

export type { Migration } from "./migration.js";

/** Every migration this build knows, in order; versions are 1, 2, 3… with no gaps. */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  lifecycleColumns,
  agentExitColumn,
  turnsTable,
  controlPlaneTables,
  usageTables,
  limitTables,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
