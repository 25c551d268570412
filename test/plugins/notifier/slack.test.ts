import { afterEach, describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { validatePluginOptions } from "../../../src/core/registry/validate-options.js";
import type { Notification } from "../../../src/core/slots/index.js";
import { createSlackNotifier, plugin, slackOptions } from "../../../src/plugins/notifier/slack.js";
import { startWebhookReceiver, type WebhookReceiver } from "../../fakes/webhook-receiver.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { slackShapeProblem } from "./slack-shape.js";

const needsInput: Notification = {
  title: "waiting for your input",
  body: "permission prompt: run `npm publish`?",
  priority: "urgent",
  sessionId: "app-3",
  url: "https://github.com/acme/app/pull/3",
  nextCommand: "ao open app-3",
};

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AoError);
  return error as AoError;
}

describe("notifier/slack", () => {
  it("posts a header, the body, the link and the next command", async () => {
    receiver = await startWebhookReceiver({ check: slackShapeProblem });
    const notifier = createSlackNotifier(makeTestContext(), slackOptions.parse({ webhookUrl: receiver.url }));
    await notifier.notify(needsInput);
    const [request] = receiver.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/hooks/T000/B000/secret-part");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      text: "app-3: waiting for your input\npermission prompt: run `npm publish`?\nhttps://github.com/acme/app/pull/3\nNext: ao open app-3",
      blocks: [
        { type: "header", text: { type: "plain_text", text: "app-3: waiting for your input", emoji: false } },
        {
          type: "section",
          text: { type: "plain_text", text: "permission prompt: run `npm publish`?", emoji: false },
        },
        { type: "section", text: { type: "mrkdwn", text: "<https://github.com/acme/app/pull/3>" } },
        {
          type: "context",
          elements: [
            { type: "mrkdwn", text: "Next: `ao open app-3`" },
            { type: "plain_text", text: "priority: urgent", emoji: false },
          ],
        },
      ],
    });
  });

  it("keeps untrusted text from pinging the channel or hiding links", async () => {
    receiver = await startWebhookReceiver({ check: slackShapeProblem });
    const notifier = createSlackNotifier(makeTestContext(), slackOptions.parse({ webhookUrl: receiver.url }));
    await notifier.notify({
      title: "review",
      body: "<!channel> see <http://evil|docs> & go",
      priority: "info",
    });
    const payload = JSON.parse(receiver.requests[0]?.body ?? "") as { text: string; blocks: unknown[] };
    expect(payload.text).toBe("review\n&lt;!channel&gt; see &lt;http://evil|docs&gt; &amp; go");
    expect(payload.blocks[1]).toEqual({
      type: "section",
      text: { type: "plain_text", text: "<!channel> see <http://evil|docs> & go", emoji: false },
    });
  });

  it("stays within Slack's limits for long or empty titles and bodies", async () => {
    receiver = await startWebhookReceiver({ check: slackShapeProblem });
    const notifier = createSlackNotifier(makeTestContext(), slackOptions.parse({ webhookUrl: receiver.url }));
    await notifier.notify({ title: "t".repeat(400), body: "b".repeat(10_000), priority: "info" });
    await notifier.notify({ title: "", body: " ", priority: "info" });
    expect(receiver.requests.map((request) => request.status)).toEqual([200, 200]);
  });

  it("reports Slack's answer and status, never the webhook URL", async () => {
    receiver = await startWebhookReceiver({ statuses: [404], errorText: "no_service" });
    const ctx = makeTestContext();
    const notifier = createSlackNotifier(ctx, slackOptions.parse({ webhookUrl: receiver.url }));
    const failure = await failureOf(notifier.notify(needsInput));
    expect(failure.code).toBe("E_NOTIFY_FAILED");
    expect(failure.message).toBe("slack answered 404 (no_service)");
    expect(failure.details).toEqual({ status: 404 });
    expect(failure.hint).toMatch(/create a new incoming webhook/);
    expect(JSON.stringify([failure, failure.hint, ctx.logger.records])).not.toContain("secret-part");
  });

  it("cuts the URL out of an answer that echoes it", async () => {
    receiver = await startWebhookReceiver({
      statuses: [500],
      errorText: "Cannot POST /hooks/T000/B000/secret-part",
    });
    const notifier = createSlackNotifier(makeTestContext(), slackOptions.parse({ webhookUrl: receiver.url }));
    const failure = await failureOf(notifier.notify(needsInput));
    expect(failure.message).toBe("slack answered 500 (Cannot POST [redacted])");
  });

  it("names a network failure by its kind, not its address", async () => {
    receiver = await startWebhookReceiver();
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const notifier = createSlackNotifier(makeTestContext(), slackOptions.parse({ webhookUrl: url }));
    const failure = await failureOf(notifier.notify(needsInput));
    expect(failure.message).toBe("slack could not be reached: ECONNREFUSED");
  });

  it("gives up after timeoutMs when Slack does not answer", async () => {
    receiver = await startWebhookReceiver({ hang: true });
    const options = slackOptions.parse({ webhookUrl: receiver.url, timeoutMs: 200 });
    const failure = await failureOf(createSlackNotifier(makeTestContext(), options).notify(needsInput));
    expect(failure.message).toBe("slack could not be reached: timed out after 200ms");
  });

  it("validates its options without echoing the URL", () => {
    const problem = (raw: unknown) => {
      try {
        validatePluginOptions(plugin, raw);
      } catch (error) {
        return (error as AoError).message;
      }
      return undefined;
    };
    expect(problem({ webhookUrl: "" })).toMatch(
      /webhookUrl: is empty: set it to your Slack incoming-webhook URL/,
    );
    expect(problem({ webhookUrl: "ftp://hooks.example/secret-part" })).toBe(
      'invalid options for notifier plugin "slack": webhookUrl: expected an http(s) URL (a Slack incoming webhook)',
    );
    expect(problem({ webhookUrl: "https://hooks.slack.com/services/T/B/x", chanel: "#x" })).toMatch(
      /chanel: unknown key \(did you mean "channel"\?\)/,
    );
    expect(problem({ webhookUrl: "https://hooks.slack.com/services/T/B/x" })).toBeUndefined();
    expect(problem({ channel: "#x" })).toMatch(/webhookUrl: is required/);
    expect(
      problem({
        webhookUrl: "https://hooks.slack.com/services/T/B/x",
        webhook: "https://hooks.slack.com/services/T/B/x",
      }),
    ).toMatch(/webhook: is the same option as webhookUrl/);
  });

  it("takes the original ao's `webhook` key for the URL, and its channel and username", async () => {
    receiver = await startWebhookReceiver({ check: slackShapeProblem });
    const options = slackOptions.parse({ webhook: receiver.url, channel: "#agent-updates", username: "ao" });
    await createSlackNotifier(makeTestContext(), options).notify(needsInput);
    const body = JSON.parse(receiver.requests[0]?.body ?? "") as Record<string, unknown>;
    expect(body).toMatchObject({ channel: "#agent-updates", username: "ao" });
    expect(receiver.requests[0]?.path).toBe("/hooks/T000/B000/secret-part");
  });
});
