import { notifierContract } from "../../contracts/notifier.js";
import { startWebhookReceiver } from "../../fakes/webhook-receiver.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { createSlackNotifier, slackOptions } from "../../../src/plugins/notifier/slack.js";
import { slackShapeProblem, slackTexts } from "./slack-shape.js";

notifierContract("slack", async () => {
  const receiver = await startWebhookReceiver({ check: slackShapeProblem });
  const options = slackOptions.parse({ webhookUrl: receiver.url });
  return {
    notifier: createSlackNotifier(makeTestContext(), options),
    received: () =>
      Promise.resolve(
        receiver.requests.filter((r) => r.status === 200).map((r) => slackTexts(r.body).join("\n")),
      ),
    cleanup: () => receiver.close(),
  };
});
