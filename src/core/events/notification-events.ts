import type { NotificationPriority } from "../slots/notifier.js";
import type { EventBase } from "./event-base.js";

/** A notifier took a notification for a person (one event per notifier routed for its priority). */
export interface NotificationSent extends EventBase {
  type: "notification.sent";
  payload: {
    /** The configured notifier's name (the key under `notifiers:`). */
    notifier: string;
    /** The notification's priority, which chose the notifiers (`notificationRouting`). */
    priority: NotificationPriority;
  };
}

/** A notifier could not take a notification; the reaction that sent it is retried or escalated. */
export interface NotificationFailed extends EventBase {
  type: "notification.failed";
  payload: {
    /** The configured notifier's name. */
    notifier: string;
    /** The notification's priority. */
    priority: NotificationPriority;
    /** The notifier's error, redacted. */
    error: string;
  };
}

/** A notifier that cannot work on this machine (its program is missing): nobody saw the notification. */
export interface NotificationDropped extends EventBase {
  type: "notification.dropped";
  payload: {
    /** The configured notifier's name. */
    notifier: string;
    /** The notification's priority. */
    priority: NotificationPriority;
    /** Why the notifier cannot deliver here, with what would fix it. */
    reason: string;
  };
}

/** Notifications to people, one event per notifier and notification. */
export type NotificationEvent = NotificationSent | NotificationFailed | NotificationDropped;
