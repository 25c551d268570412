import type { Notification, Notifier } from "../../src/core/slots/index.js";

/** A notifier that keeps what it was given; `failWith` makes the next notifications fail. */
export class FakeNotifier implements Notifier {
  readonly sent: Notification[] = [];
  failWith: Error | undefined;

  notify(notification: Notification): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.sent.push(structuredClone(notification));
    return Promise.resolve();
  }

  /** The notifications for one session, in order. */
  forSession(sessionId: string): Notification[] {
    return this.sent.filter((notification) => notification.sessionId === sessionId);
  }
}
