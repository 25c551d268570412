import { createHash } from "node:crypto";
import { messageOf } from "../../core/errors.js";
import { encryptPushPayload } from "./push-encryption.js";
import type { PushMessage } from "./push-message.js";
import type { PushSubscriptionRecord } from "./push-subscriptions.js";
import { vapidAuthorization, type VapidKeys } from "./vapid-keys.js";

/** What became of one push: taken, gone for good (404/410: the browser unsubscribed), or failed. */
export type PushOutcome =
  | { readonly kind: "sent"; readonly status: number }
  | { readonly kind: "gone"; readonly status: number }
  | { readonly kind: "failed"; readonly why: string };

export interface PushSender {
  readonly vapid: VapidKeys;
  /** RFC 8292's `sub`: whom the push service may contact about this sender. */
  readonly contact: string;
  readonly now: () => number;
  /** How long one request may take. */
  readonly timeoutMs: number;
}

/** How long the push service keeps a message for a device that is offline: half a day. */
const TTL_S = 12 * 3600;

/**
 * One push to one subscription (RFC 8030 section 5): the payload encrypted for that browser only
 * (aes128gcm), signed for its push service with VAPID, `TTL`, `Urgency` (high for what waits on
 * the person) and a `Topic` made from the message's tag, so an undelivered older message about the
 * same thing is replaced at the push service rather than queued. The push service's answer is
 * reported by status only: its body may echo the endpoint, which is a capability.
 */
export async function sendPush(
  sender: PushSender,
  subscription: PushSubscriptionRecord,
  message: PushMessage,
): Promise<PushOutcome> {
  try {
    const body = encryptPushPayload(Buffer.from(JSON.stringify(message)), subscription.keys);
    const answer = await fetch(subscription.endpoint, {
      method: "POST",
      headers: pushHeaders(sender, subscription.endpoint, message),
      body,
      redirect: "error",
      signal: AbortSignal.timeout(sender.timeoutMs),
    });
    await answer.body?.cancel();
    if (answer.status === 404 || answer.status === 410) return { kind: "gone", status: answer.status };
    if (answer.ok) return { kind: "sent", status: answer.status };
    return { kind: "failed", why: `the push service answered ${answer.status}` };
  } catch (error) {
    return { kind: "failed", why: `the push service could not be reached: ${messageOf(error)}` };
  }
}

function pushHeaders(sender: PushSender, endpoint: string, message: PushMessage): Record<string, string> {
  const urgent =
    message.kind === "question" || message.kind === "needs-input" || message.kind === "escalated";
  return {
    authorization: vapidAuthorization(sender.vapid, endpoint, sender.now(), sender.contact),
    "content-encoding": "aes128gcm",
    "content-type": "application/octet-stream",
    ttl: String(TTL_S),
    urgency: urgent ? "high" : "normal",
    topic: createHash("sha256").update(message.tag).digest("base64url").slice(0, 32),
  };
}
