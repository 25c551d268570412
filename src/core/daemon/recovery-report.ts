import type { AoContext } from "../context.js";
import type { DaemonRecovered } from "../events/index.js";
import { notifyPerson } from "../lifecycle/notify-person.js";
import type { RestoreOutcome } from "../sessions/restore-all.js";
import { appendEvent, writeTransaction } from "../store/index.js";
import { recoverySummary } from "../daemon-state/last-recovery.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";

export interface Recovery {
  readonly trigger: DaemonRecovered["payload"]["trigger"];
  readonly why: string;
  /** The sessions the daemon tried to restore. */
  readonly sessions: ReadonlySet<string>;
  readonly outcomes: readonly RestoreOutcome[];
  readonly nextAttemptAt: number | undefined;
}

/**
 * What a recovery did, said everywhere a person looks: a `daemon.recovered` event (`ao events`,
 * `ao status`), a daemon log line, and, when it restored or failed to restore anything, a
 * notification to the notifiers routed for its priority (`action` after a failure, else `info`).
 */
export async function reportRecovery(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  recovery: Recovery,
): Promise<void> {
  const payload = payloadOf(recovery);
  writeTransaction(engine.store, (tx) =>
    appendEvent(tx, { type: "daemon.recovered", sessionId: null, payload }),
  );
  const line = recoverySummary(payload);
  log[payload.failed.length > 0 ? "error" : "info"](`${recovery.why}: ${line}`);
  if (payload.restored.length === 0 && payload.failed.length === 0) return;
  await notifyPerson(ctx, engine, {
    title: `ao restored ${payload.restored.length} session(s) after ${recovery.trigger}`,
    body: `${recovery.why}. ${line}.`,
    priority: payload.failed.length > 0 ? "action" : "info",
    nextCommand:
      payload.failed.length > 0 ? `ao session restore ${payload.failed[0]?.sessionId}` : "ao status",
  });
}

function payloadOf(recovery: Recovery): DaemonRecovered["payload"] {
  const payload: DaemonRecovered["payload"] = {
    trigger: recovery.trigger,
    why: recovery.why,
    restored: [],
    failed: [],
    running: [],
  };
  for (const { session, result, error } of recovery.outcomes) {
    if (result === undefined)
      payload.failed.push({
        sessionId: session,
        code: error?.code ?? "E_UNKNOWN",
        message: error?.message ?? "",
      });
    else if (result.action === "already_running") payload.running.push(session);
    else
      payload.restored.push({
        sessionId: session,
        resumed: result.resumed,
        ...(result.note === undefined ? {} : { note: result.note }),
      });
  }
  if (recovery.nextAttemptAt !== undefined) payload.nextAttemptAt = recovery.nextAttemptAt;
  return payload;
}
