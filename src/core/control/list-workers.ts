import { getSession, listOpenWorkers, listTurns, ownReports, type Commander } from "../store/index.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";

/** One of the caller's workers, as `list_sessions` answers. */
export interface WorkerView {
  session_id: string;
  agent: string;
  project: string;
  branch: string;
  /** The session's status (`working`, `idle`, `killed`…). */
  status: string;
  /** The worker's latest turn: continue it with `wait_turn`, or send the next message. */
  turn: { turn_id: string; status: string } | null;
  /** Messages the worker reported of its own (no turn open), within the reply retention. */
  messages: { text: string; at: string }[];
}

/**
 * `list_sessions`: the caller's own open workers with their turn state, so a commander continues a
 * worker instead of opening a new one. Nobody else's sessions appear.
 */
export function listOwnWorkers(cc: ControlContext, commander: Commander): WorkerView[] {
  const views: WorkerView[] = [];
  for (const worker of listOpenWorkers(cc.store, commander.id)) {
    const session = getSession(cc.store, worker.sessionId);
    if (session === undefined) continue;
    const latest = listTurns(cc.store, { sessionId: session.id, limit: 1 })[0];
    const since = cc.ctx.clock.now() - controlPlaneOf(cc, session.project).replyRetentionMs;
    views.push({
      session_id: session.id,
      agent: session.agent,
      project: session.project,
      branch: session.branch,
      status: session.status,
      turn: latest === undefined ? null : { turn_id: latest.id, status: latest.status },
      messages: ownReports(cc.store, session.id, since).map((report) => ({
        text: report.text,
        at: new Date(report.at).toISOString(),
      })),
    });
  }
  return views;
}
