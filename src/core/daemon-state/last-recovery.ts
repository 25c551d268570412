import type { DaemonRecovered } from "../events/index.js";
import { listEvents, type Store } from "../store/index.js";

export type RecoveryPayload = DaemonRecovered["payload"];

/** The daemon's last recovery (`daemon.recovered`): when, and what it did. */
export interface LastRecovery {
  readonly at: number;
  readonly payload: RecoveryPayload;
}

/** The newest `daemon.recovered` event at or after `since` (the running daemon's start), if any. */
export function readLastRecovery(store: Store, since: number): LastRecovery | undefined {
  const [event] = listEvents(store, { type: "daemon.recovered", limit: 1, fromEnd: true });
  if (event === undefined || event.createdAt < since) return undefined;
  return { at: event.createdAt, payload: event.payload as unknown as RecoveryPayload };
}

/**
 * "restored app-1 (conversation resumed), app-2 (new conversation); could not restore app-3: …":
 * the daemon log, the notification and `ao status` say a recovery alike.
 */
export function recoverySummary(payload: RecoveryPayload): string {
  const parts: string[] = [];
  if (payload.restored.length > 0)
    parts.push(
      `restored ${payload.restored
        .map((one) => `${one.sessionId} (${one.resumed ? "conversation resumed" : "new conversation"})`)
        .join(", ")}`,
    );
  for (const one of payload.failed) parts.push(`could not restore ${one.sessionId}: ${one.message}`);
  if (payload.running.length > 0) parts.push(`still running: ${payload.running.join(", ")}`);
  if (parts.length === 0) parts.push("no live session to restore");
  if (payload.nextAttemptAt !== undefined)
    parts.push(`no other recovery before ${new Date(payload.nextAttemptAt).toISOString()}`);
  return parts.join("; ");
}
