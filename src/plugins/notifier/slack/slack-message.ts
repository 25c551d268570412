import type { Notification } from "../../../core/plugin-api.js";
import { notificationDetails, notificationHeading, truncate } from "../_shared/notification-text.js";

/** Slack's limits: a header's text, a section's text, a message's fallback text. */
const HEADER_MAX = 150;
const SECTION_MAX = 3000;
const TEXT_MAX = 4000;

type TextObject = { type: "plain_text"; text: string; emoji: false } | { type: "mrkdwn"; text: string };
type Block =
  | { type: "header"; text: TextObject }
  | { type: "section"; text: TextObject }
  | { type: "context"; elements: TextObject[] };

export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/**
 * Slack reads `&`, `<` and `>` as control characters in mrkdwn (`<!channel>` pings everyone,
 * `<url|text>` disguises a link), so untrusted text in mrkdwn is escaped the way Slack documents.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const plain = (text: string): TextObject => ({ type: "plain_text", text, emoji: false });

/**
 * An incoming-webhook payload: the heading as a header, the body as plain text (never interpreted),
 * the link, and a context line with the next command and the priority. `text` is the fallback that
 * phones and screen readers show.
 */
export function slackMessage(notification: Notification): SlackMessage {
  // Slack refuses an empty text object, so a notification without a title is headed "ao".
  const heading = notificationHeading(notification).trim() || "ao";
  const blocks: Block[] = [{ type: "header", text: plain(truncate(heading, HEADER_MAX)) }];
  if (notification.body.trim() !== "")
    blocks.push({ type: "section", text: plain(truncate(notification.body, SECTION_MAX)) });
  if (notification.url !== undefined)
    blocks.push({ type: "section", text: { type: "mrkdwn", text: `<${linkTarget(notification.url)}>` } });
  const context: TextObject[] = [];
  if (notification.nextCommand !== undefined)
    context.push({ type: "mrkdwn", text: `Next: \`${escapeMrkdwn(notification.nextCommand)}\`` });
  context.push(plain(`priority: ${notification.priority}`));
  blocks.push({ type: "context", elements: context });
  const text = escapeMrkdwn([heading, ...notificationDetails(notification)].join("\n"));
  return { text: truncate(text, TEXT_MAX), blocks };
}

/** A link target may not contain `|` or `>` (they end it in Slack's `<url>` syntax). */
function linkTarget(url: string): string {
  return escapeMrkdwn(url.replace(/\|/g, "%7C"));
}
