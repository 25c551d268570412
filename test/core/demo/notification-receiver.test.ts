import { afterEach, describe, expect, it } from "vitest";
import {
  startNotificationReceiver,
  type NotificationReceiver,
  type ReceivedNotification,
} from "../../../src/core/demo/notification-receiver.js";
import { createWebhookNotifier, webhookOptions } from "../../../src/plugins/notifier/webhook.js";
import { makeTestContext } from "../../helpers/test-context.js";

const SECRET = "s3cret-for-this-run";
const receivers: NotificationReceiver[] = [];

afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(seen: ReceivedNotification[]): Promise<NotificationReceiver> {
  const started = await startNotificationReceiver(SECRET, { now: () => 42 }, (n) => seen.push(n));
  receivers.push(started);
  return started;
}

function notifier(url: string, secret: string) {
  const ctx = makeTestContext({ env: { DEMO_SECRET: secret } });
  return createWebhookNotifier(ctx, webhookOptions.parse({ url, secretEnv: "DEMO_SECRET", retries: 0 }));
}

describe("the demo's notification receiver", () => {
  it("takes what the real webhook notifier posts, with a verified signature", async () => {
    const seen: ReceivedNotification[] = [];
    const { url, received } = await receiver(seen);
    await notifier(url, SECRET).notify({
      title: "demo-1: approved and green",
      body: "ready to merge",
      priority: "action",
      sessionId: "demo-1",
    });
    const expected = {
      title: "demo-1: approved and green",
      body: "ready to merge",
      priority: "action",
      sessionId: "demo-1",
      signatureValid: true,
      receivedAt: 42,
    };
    expect(seen).toEqual([expected]);
    expect(received).toEqual([expected]);
  });

  it("refuses a notification signed with another secret, and the notifier hears the refusal", async () => {
    const seen: ReceivedNotification[] = [];
    const { url } = await receiver(seen);
    await expect(
      notifier(url, "another-secret").notify({ title: "t", body: "b", priority: "info" }),
    ).rejects.toThrow(/answered 401/);
    expect(seen).toMatchObject([{ title: "t", signatureValid: false }]);
  });
});
