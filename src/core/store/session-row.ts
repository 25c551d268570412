import type { LifecycleMemory } from "../slots/lifecycle.js";
import type { PullRequestObservation } from "../slots/scm.js";
import { corruptStoreError } from "./sqlite-errors.js";
import { fromJsonObjectColumn, toJsonColumn, type JsonObject } from "./json-column.js";
import { isSessionStatus, type SessionStatus } from "./session-status.js";
import type { Store } from "./store.js";
import { redactText } from "../redact.js";

/** The last pull request observation the lifecycle engine stored for a session (`pr_state`). */
export interface PrState extends PullRequestObservation {
  /** When it was observed (ms since the epoch). */
  observedAt: number;
  url?: string | undefined;
  title?: string | undefined;
}

/** How a session's agent ended, as ao first saw it (`exit_details`). */
export interface AgentExit {
  /** Its exit code; null when a signal ended it or the runtime could not tell. */
  readonly exitCode: number | null;
  /** The last lines it printed, oldest first: plain text, redacted, blank lines left out. */
  readonly lastLines: readonly string[];
  /** When ao first saw it exited (ms since the epoch). */
  readonly seenAt: number;
}

/** One agent working on one task. Timestamps are milliseconds since the epoch. */
export interface Session {
  readonly id: string;
  readonly project: string;
  readonly issue: string | null;
  readonly branch: string;
  readonly worktree: string;
  /** Runtime plugin name, e.g. `tmux`. */
  readonly runtime: string;
  /** Whatever the runtime needs to find its session again (tmux session name, pid…). */
  readonly runtimeHandle: JsonObject | null;
  readonly agent: string;
  /** The agent's own conversation id, for resuming it. */
  readonly agentSessionId: string | null;
  readonly status: SessionStatus;
  /** Reason code for the status, e.g. `ci_failed:lint`. */
  readonly reason: string | null;
  readonly prNumber: number | null;
  readonly prUrl: string | null;
  /** The agent's last observed activity (active, idle, waiting_input…). */
  readonly activity: string | null;
  /** The last spawn step that completed, so an interrupted spawn can be finished or rolled back. */
  readonly spawnStep: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly endedAt: number | null;
  /** The last pull request observation (lifecycle engine); null before the first. */
  readonly prState: PrState | null;
  /** What the lifecycle asked to remember between cycles (`LifecycleDecision.memory`). */
  readonly memory: LifecycleMemory | null;
  /** When the agent was last seen working. */
  readonly lastActivityAt: number | null;
  /** When the session entered its status; null when unknown (rows from before the lifecycle engine). */
  readonly statusSince: number | null;
  /** Why its agent ended, once ao has seen it exit; null while it runs, and after a restore. */
  readonly exit: AgentExit | null;
}

/** The fields a change may set; `null` clears a nullable field. */
export type SessionPatch = {
  readonly [K in PatchableField]?: Session[K];
};

type PatchableField =
  | "issue"
  | "branch"
  | "worktree"
  | "runtimeHandle"
  | "agentSessionId"
  | "status"
  | "reason"
  | "prNumber"
  | "prUrl"
  | "activity"
  | "spawnStep"
  | "prState"
  | "memory"
  | "lastActivityAt"
  | "statusSince"
  | "exit";

export const PATCH_COLUMNS: Readonly<Record<PatchableField, string>> = {
  issue: "issue",
  branch: "branch",
  worktree: "worktree",
  runtimeHandle: "runtime_handle",
  agentSessionId: "agent_session_id",
  status: "status",
  reason: "reason",
  prNumber: "pr_number",
  prUrl: "pr_url",
  activity: "activity",
  spawnStep: "spawn_step",
  prState: "pr_state",
  memory: "memory",
  lastActivityAt: "last_activity_at",
  statusSince: "status_since",
  exit: "exit_details",
};

export interface SessionRow {
  id: string;
  project: string;
  issue: string | null;
  branch: string;
  worktree: string;
  runtime: string;
  runtime_handle: string | null;
  agent: string;
  agent_session_id: string | null;
  status: string;
  reason: string | null;
  pr_number: number | null;
  pr_url: string | null;
  activity: string | null;
  spawn_step: string | null;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
  pr_state: string | null;
  memory: string | null;
  last_activity_at: number | null;
  status_since: number | null;
  exit_details: string | null;
}

export function toSession(store: Store, row: SessionRow): Session {
  if (!isSessionStatus(row.status)) {
    throw corruptStoreError(store.path, `session ${row.id} has unknown status "${row.status}"`);
  }
  const where = { path: store.path, table: "sessions", id: row.id };
  return {
    id: row.id,
    project: row.project,
    issue: row.issue,
    branch: row.branch,
    worktree: row.worktree,
    runtime: row.runtime,
    runtimeHandle: row.runtime_handle === null ? null : fromJsonObjectColumn(row.runtime_handle, where),
    agent: row.agent,
    agentSessionId: row.agent_session_id,
    status: row.status,
    reason: row.reason,
    prNumber: row.pr_number,
    prUrl: row.pr_url,
    activity: row.activity,
    spawnStep: row.spawn_step,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    endedAt: row.ended_at,
    prState: row.pr_state === null ? null : (fromJsonObjectColumn(row.pr_state, where) as unknown as PrState),
    memory: row.memory === null ? null : fromJsonObjectColumn(row.memory, where),
    lastActivityAt: row.last_activity_at,
    statusSince: row.status_since,
    exit:
      row.exit_details === null
        ? null
        : (fromJsonObjectColumn(row.exit_details, where) as unknown as AgentExit),
  };
}

/** The column value for one patched field. */
export function toColumnValue(field: PatchableField, value: Session[PatchableField]): string | number | null {
  if (field === "runtimeHandle" || field === "prState" || field === "memory" || field === "exit")
    return value === null ? null : toJsonColumn(value);
  // A reason may quote an error's text (a forge's answer): it is stored redacted.
  if (field === "reason" && typeof value === "string") return redactText(value);
  return value as string | number | null;
}

export function isPatchableField(key: string): key is PatchableField {
  return Object.hasOwn(PATCH_COLUMNS, key);
}
