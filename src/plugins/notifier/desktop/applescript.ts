import type { Notification } from "../../../core/plugin-api.js";
import { notificationDetails, notificationHeading } from "../_shared/notification-text.js";

/**
 * `text` as an AppleScript string literal. The text is untrusted (review comments), and the literal
 * ends up in a script osascript compiles, so every character that could end the literal or start an
 * escape is escaped: backslash and double quote, line breaks and tabs as AppleScript's own `\n`,
 * `\r`, `\t`. Other control characters have no escape in AppleScript and become spaces.
 */
export function appleScriptString(text: string): string {
  const escaped = text
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\r\n?|\n/g, "\\n")
    .replace(/\t/g, "\\t")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
    .replace(/[\u0000-\u001f\u007f]/g, " ");
  return `"${escaped}"`;
}

/** The argv for `osascript`: one `-e` statement; urgent notifications also play a sound. */
export function osascriptArgs(notification: Notification): string[] {
  const body = notificationDetails(notification).join("\n");
  const sound = notification.priority === "urgent" ? ' sound name "Glass"' : "";
  const script =
    `display notification ${appleScriptString(body)}` +
    ` with title ${appleScriptString(notificationHeading(notification))}${sound}`;
  return ["-e", script];
}
