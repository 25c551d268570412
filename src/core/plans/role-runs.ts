import { readSpend } from "../cost/read-spend.js";
import { statement, type Store } from "../store/store.js";

/** One completed run of a role: what it cost (null: not recorded) and how long its session lasted. */
export interface RoleRun {
  readonly sessionId: string;
  readonly usd: number | null;
  readonly durationMs: number | null;
}

interface RunRow {
  session_id: string;
  started: number | null;
  ended: number | null;
}

/**
 * The completed runs of a role in a project: plan steps of that role that ended `done` in a session
 * of their own (debate and synthesis turns are not runs). The duration is the session's own record
 * (created → ended; the step's end when the session lives on after handing over); the cost is what
 * the cost tracking recorded for that session.
 */
export function roleRuns(store: Store, project: string, role: string): RoleRun[] {
  const rows = statement(
    store,
    `SELECT pt.session_id AS session_id, COALESCE(s.created_at, pt.started_at) AS started,
       COALESCE(s.ended_at, pt.ended_at) AS ended
     FROM plan_tickets pt JOIN plans p ON p.id = pt.plan_id LEFT JOIN sessions s ON s.id = pt.session_id
     WHERE p.project = ? AND pt.role = ? AND pt.status = 'done' AND pt.session_id IS NOT NULL AND pt.turn_id IS NULL
     ORDER BY pt.session_id`,
  ).all(project, role) as RunRow[];
  return rows.map((row) => ({
    sessionId: row.session_id,
    usd: readSpend(store, { sessionId: row.session_id }).usd,
    durationMs: row.started === null || row.ended === null ? null : Math.max(0, row.ended - row.started),
  }));
}
