import type { AoContext } from "../context.js";
import type { Notification } from "../slots/index.js";
import { appendEvent, writeTransaction } from "../store/index.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { messageOf } from "../errors.js";

export interface NotifyOutcome {
  sent: string[];
  failed: { notifier: string; error: string }[];
}

/**
 * Hands a notification to every notifier routed for its priority (`notificationRouting`), each
 * recorded as `notification.sent` or `notification.failed`. The caller decides what "nobody took
 * it" means; nothing is dropped here without an event.
 */
export async function notifyPerson(
  ctx: AoContext,
  engine: LifecycleEngine,
  notification: Notification,
): Promise<NotifyOutcome> {
  const names = engine.config.config.notificationRouting[notification.priority] ?? [];
  const outcome: NotifyOutcome = { sent: [], failed: [] };
  for (const name of [...new Set(names)]) {
    try {
      const notifier = await enginePlugins(ctx, engine).notifier(name);
      await notifier.notify(notification);
      outcome.sent.push(name);
    } catch (error) {
      outcome.failed.push({ notifier: name, error: messageOf(error) });
      ctx.logger.warn("a notifier failed", { notifier: name, error: messageOf(error) });
    }
  }
  writeTransaction(engine.store, (tx) => {
    const base = { sessionId: notification.sessionId ?? null };
    for (const name of outcome.sent)
      appendEvent(tx, {
        ...base,
        type: "notification.sent",
        payload: { notifier: name, priority: notification.priority },
      });
    for (const failure of outcome.failed)
      appendEvent(tx, {
        ...base,
        type: "notification.failed",
        payload: { notifier: failure.notifier, priority: notification.priority, error: failure.error },
      });
  });
  return outcome;
}

/** Why no notifier took a notification, for the reaction's last_error. */
export function nobodyTookIt(outcome: NotifyOutcome, priority: string): string {
  if (outcome.sent.length > 0) return "";
  if (outcome.failed.length === 0) return `no notifier is routed for priority ${priority}`;
  return `every notifier failed: ${outcome.failed.map((failure) => `${failure.notifier}: ${failure.error}`).join("; ")}`;
}
