import { notifierContract } from "../../contracts/notifier.js";
import { startWebhookReceiver } from "../../fakes/webhook-receiver.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { createWebhookNotifier, webhookOptions } from "../../../src/plugins/notifier/webhook.js";

const SECRET = "contract-secret-0123456789";

notifierContract("webhook", async () => {
  const receiver = await startWebhookReceiver({ secret: SECRET });
  const ctx = makeTestContext({ env: { AO_WEBHOOK_SECRET: SECRET } });
  return {
    notifier: createWebhookNotifier(ctx, webhookOptions.parse({ url: receiver.url })),
    // Only what a receiver would accept: requests whose signature checks out.
    received: () =>
      Promise.resolve(
        receiver.requests
          .filter((request) => request.signatureValid === true)
          .map((request) => {
            const { notification } = JSON.parse(request.body) as {
              notification: { title: string; body: string };
            };
            return `${notification.title}\n${notification.body}`;
          }),
      ),
    cleanup: () => receiver.close(),
  };
});
