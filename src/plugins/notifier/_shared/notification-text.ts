import type { Notification } from "../../../core/plugin-api.js";

/**
 * What every notifier says, in the same order: which session and what happened (the heading), then
 * the body, the link (the pull request, when there is one) and the command to run next. Plain text:
 * each notifier escapes it for its own medium.
 */
export function notificationHeading(notification: Notification): string {
  const { sessionId, title } = notification;
  if (sessionId === undefined || title.includes(sessionId)) return title;
  return `${sessionId}: ${title}`;
}

/** The lines under the heading; empty parts are left out. */
export function notificationDetails(notification: Notification): string[] {
  const lines: string[] = [];
  if (notification.body.trim() !== "") lines.push(notification.body);
  if (notification.url !== undefined) lines.push(notification.url);
  if (notification.nextCommand !== undefined) lines.push(`Next: ${notification.nextCommand}`);
  return lines;
}

/** Heading and details as one plain-text message. */
export function notificationText(notification: Notification): string {
  return [notificationHeading(notification), ...notificationDetails(notification)].join("\n");
}

/** Cuts text to at most `max` characters (code points), marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
