/**
 * notifier: tells a person something (desktop, Slack, a webhook). Routing by priority happens in
 * the core; a notifier delivers what it is given.
 */

export const NOTIFICATION_PRIORITIES = ["urgent", "action", "warning", "info"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export interface Notification {
  title: string;
  /** Plain text; may hold untrusted text (review comments), so it is never interpreted. */
  body: string;
  priority: NotificationPriority;
  sessionId?: string;
  url?: string;
  /** The command a person would run next, e.g. `ao open app-3`. */
  nextCommand?: string;
}

export interface Notifier {
  /**
   * Resolves once the notification was handed over; rejects when it could not be. A notifier that
   * cannot work on this machine at all (no notify-send) rejects with code `E_NOTIFIER_UNAVAILABLE`:
   * core records the notification as dropped there, never as sent.
   */
  notify(notification: Notification): Promise<void>;
}
