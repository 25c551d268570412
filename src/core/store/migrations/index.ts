import { initialSchema } from "./001-initial.js";
import { lifecycleColumns } from "./002-lifecycle.js";
import { agentExitColumn } from "./003-agent-exit.js";
import { turnsTable } from "./004-turns.js";
import { controlPlaneTables } from "./005-control-plane.js";
import { usageTables } from "./006-usage.js";
import { limitTables } from "./007-limits.js";
import { plansTables } from "./008-plans.js";
import { spawnTurns } from "./009-spawn-turns.js";
import { turnWork } from "./010-turn-work.js";
import { conflictPairs } from "./011-conflict-pairs.js";
import { mergeQueue } from "./012-merge-queue.js";
import { admissionTables } from "./013-admission.js";
import { accountTables } from "./014-accounts.js";
import type { Migration } from "./migration.js";

export type { Migration } from "./migration.js";

/**
 * Every migration this build knows, in order of version. Numbers are given by owner (006 cost,
 * 007 limits, 008 plans…) so parallel branches never collide; once every branch has landed they run
 * 1, 2, 3… without gaps.
 */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  lifecycleColumns,
  agentExitColumn,
  turnsTable,
  controlPlaneTables,
  usageTables,
  limitTables,
  plansTables,
  spawnTurns,
  turnWork,
  conflictPairs,
  mergeQueue,
  admissionTables,
  accountTables,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;
