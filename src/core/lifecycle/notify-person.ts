import type { AoContext } from "../context.js";
import type { Notification } from "../slots/index.js";
import { appendEvent, writeTransaction, type WriteTx } from "../store/index.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { isAoError, messageOf } from "../errors.js";

export interface NotifyOutcome {
  sent: string[];
  failed: { notifier: string; error: string }[];
  /** Notifiers that cannot work on this machine (`E_NOTIFIER_UNAVAILABLE`): nobody saw it there. */
  dropped: { notifier: string; reason: string }[];
}

/**
 * Hands a notification to every notifier routed for its priority (`notificationRouting`), each
 * recorded as `notification.sent`, `notification.failed`, or `notification.dropped` when the
 * notifier cannot work here at all. The caller decides what "nobody took it" means; nothing is
 * dropped here without an event, and a drop never counts as sent.
 */
export async function notifyPerson(
  ctx: AoContext,
  engine: LifecycleEngine,
  notification: Notification,
): Promise<NotifyOutcome> {
  const names = engine.config.config.notificationRouting[notification.priority] ?? [];
  const outcome: NotifyOutcome = { sent: [], failed: [], dropped: [] };
  for (const name of [...new Set(names)]) {
    try {
      const notifier = await enginePlugins(ctx, engine).notifier(name);
      await notifier.notify(notification);
      outcome.sent.push(name);
    } catch (error) {
      if (isAoError(error) && error.code === "E_NOTIFIER_UNAVAILABLE") {
        outcome.dropped.push({ notifier: name, reason: messageOf(error) });
        continue;
      }
      outcome.failed.push({ notifier: name, error: messageOf(error) });
      ctx.logger.warn("a notifier failed", { notifier: name, error: messageOf(error) });
    }
  }
  writeTransaction(engine.store, (tx) => recordOutcome(tx, notification, outcome));
  return outcome;
}

function recordOutcome(tx: WriteTx, notification: Notification, outcome: NotifyOutcome): void {
  const base = { sessionId: notification.sessionId ?? null };
  const priority = notification.priority;
  for (const name of outcome.sent)
    appendEvent(tx, { ...base, type: "notification.sent", payload: { notifier: name, priority } });
  for (const { notifier, error } of outcome.failed)
    appendEvent(tx, { ...base, type: "notification.failed", payload: { notifier, priority, error } });
  for (const { notifier, reason } of outcome.dropped)
    appendEvent(tx, { ...base, type: "notification.dropped", payload: { notifier, priority, reason } });
}

/** Why no notifier took a notification, for the reaction's last_error. */
export function nobodyTookIt(outcome: NotifyOutcome, priority: string): string {
  if (outcome.sent.length > 0) return "";
  const failures = [
    ...outcome.failed.map((failure) => `${failure.notifier}: ${failure.error}`),
    ...outcome.dropped.map((drop) => `${drop.notifier}: dropped (${drop.reason})`),
  ];
  if (failures.length === 0) return `no notifier is routed for priority ${priority}`;
  return `no notifier delivered it: ${failures.join("; ")}`;
}
