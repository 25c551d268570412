import { createHmac, randomUUID } from "node:crypto";
import type { Notification } from "../../../core/plugin-api.js";
import { notificationText } from "../_shared/notification-text.js";

export const EVENT_HEADER = "X-Ao-Event";
export const DELIVERY_HEADER = "X-Ao-Delivery";
export const SIGNATURE_HEADER = "X-Ao-Signature-256";
export const NOTIFICATION_EVENT = "notification";

export interface SignedDelivery {
  /** The exact bytes to send; the signature is over them. */
  body: string;
  headers: Record<string, string>;
}

/** GitHub's scheme: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the shared secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * The JSON a webhook receives for one notification, with its headers. The delivery id stays the
 * same across retries of one notification, so a receiver can drop a duplicate.
 */
export function signedDelivery(notification: Notification, secret: string, sentAt: number): SignedDelivery {
  const deliveryId = randomUUID();
  const payload = {
    event: NOTIFICATION_EVENT,
    deliveryId,
    sentAt: new Date(sentAt).toISOString(),
    notification: {
      title: notification.title,
      body: notification.body,
      priority: notification.priority,
      sessionId: notification.sessionId ?? null,
      url: notification.url ?? null,
      nextCommand: notification.nextCommand ?? null,
    },
    text: notificationText(notification),
  };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      [EVENT_HEADER]: NOTIFICATION_EVENT,
      [DELIVERY_HEADER]: deliveryId,
      [SIGNATURE_HEADER]: signatureOf(secret, body),
    },
  };
}
