import type { Notification, NotificationPriority } from "../../../core/plugin-api.js";
import { notificationDetails, notificationHeading } from "../_shared/notification-text.js";

const URGENCY: Readonly<Record<NotificationPriority, "critical" | "normal" | "low">> = {
  urgent: "critical",
  action: "normal",
  warning: "low",
  info: "low",
};

/**
 * Notification servers read the body as a small markup language (`<b>`, `<a href>`, even `<img>`
 * on some), so untrusted text is entity-escaped and shows exactly as written.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The argv for `notify-send`; `--` keeps a heading that starts with `-` from being read as a flag. */
export function notifySendArgs(notification: Notification): string[] {
  return [
    "--app-name=ao",
    `--urgency=${URGENCY[notification.priority]}`,
    "--",
    notificationHeading(notification),
    escapeMarkup(notificationDetails(notification).join("\n")),
  ];
}
