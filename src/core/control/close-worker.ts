import { rmSync } from "node:fs";
import { killSession } from "../sessions/kill-session.js";
import { appendEvent, closeWorker, writeTransaction, type Commander } from "../store/index.js";
import type { ControlContext } from "./control-context.js";
import { requireOwnWorker } from "./own-worker.js";
import { workerSecretPath } from "../credentials/worker-secret.js";

export interface ClosedWorker {
  session_id: string;
  /** The branch stays: the worker's commits remain reachable. */
  branch: string;
  closed: true;
}

/**
 * `close_session`: kills the worker's session (its branch and checkout stay) and ends its rights:
 * the commander can no longer list or drive it (only `wait_turn` its turns, within the reply
 * retention), and its secret no longer authorises a report.
 */
export async function closeOwnWorker(
  cc: ControlContext,
  commander: Commander,
  sessionId: string,
): Promise<ClosedWorker> {
  requireOwnWorker(cc.store, commander, sessionId);
  const killed = await killSession(cc.ctx, sessionId, { configPath: cc.config.path });
  writeTransaction(cc.store, (tx) => {
    closeWorker(tx, sessionId);
    appendEvent(tx, {
      type: "control.worker_closed",
      sessionId,
      payload: { commanderId: commander.id, commander: commander.name },
    });
  });
  rmSync(workerSecretPath(cc.ctx.paths, sessionId), { force: true });
  return { session_id: sessionId, branch: killed.branch, closed: true };
}
