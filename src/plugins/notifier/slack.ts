import { z } from "zod";
import { AoError, definePlugin, type Notifier, type PluginContext } from "../../core/plugin-api.js";
import { postJson } from "./_shared/post-json.js";
import { slackMessage } from "./slack/slack-message.js";

const webhookUrl = z
  .string()
  .min(1, {
    error: "is empty: set it to your Slack incoming-webhook URL, usually as ${SLACK_WEBHOOK_URL}",
  })
  .pipe(z.url({ protocol: /^https?$/, error: "expected an http(s) URL (a Slack incoming webhook)" }));

/** `webhook` is how the original ao's examples write the URL: the same option under its other name. */
export const slackOptions = z
  .strictObject({
    webhookUrl: webhookUrl.optional().meta({
      description: "The Slack incoming-webhook URL. A secret: write ${SLACK_WEBHOOK_URL}, not the URL.",
    }),
    webhook: webhookUrl.optional().meta({
      description: "Another name for webhookUrl (the original ao's examples write this one).",
    }),
    channel: z.string().min(1).optional().meta({
      description:
        "Channel to post in (#agent-updates), for webhooks that may post to several; default the webhook's own.",
    }),
    username: z.string().min(1).optional().meta({
      description: "Name the messages are posted under, where the webhook allows it.",
    }),
    timeoutMs: z.number().int().min(100).default(10_000).meta({
      description: "How long Slack may take to answer one notification.",
    }),
  })
  .check((context) => {
    const { webhookUrl: url, webhook } = context.value;
    if ((url === undefined) === (webhook === undefined))
      context.issues.push({
        code: "custom",
        input: context.value,
        path: url === undefined ? ["webhookUrl"] : ["webhook"],
        message:
          url === undefined
            ? "is required: the Slack incoming-webhook URL, usually as ${SLACK_WEBHOOK_URL}"
            : "is the same option as webhookUrl: write one of them",
      });
  });

export type SlackOptions = z.output<typeof slackOptions>;

/** notifier/slack: posts to a Slack incoming webhook (a header, the body, the link and the next command). */
export const plugin = definePlugin({
  slot: "notifier",
  name: "slack",
  description: "posts notifications to a Slack channel through an incoming webhook",
  options: slackOptions,
  create: (options, ctx) => createSlackNotifier(ctx, options),
});

/**
 * The webhook URL is the credential (its path is the token), so no error, log line or detail ever
 * holds it: failures say what Slack answered, or what kind of network error it was.
 */
export function createSlackNotifier(ctx: Pick<PluginContext, "logger">, options: SlackOptions): Notifier {
  return {
    async notify(notification) {
      const outcome = await postJson({
        url: (options.webhookUrl ?? options.webhook) as string,
        body: JSON.stringify({ ...slackMessage(notification), ...postedAs(options) }),
        headers: {},
        timeoutMs: options.timeoutMs,
      });
      if (outcome.kind === "ok") {
        ctx.logger.debug("slack notification sent", { priority: notification.priority });
        return;
      }
      if (outcome.kind === "unreachable")
        throw new AoError("E_NOTIFY_FAILED", `slack could not be reached: ${outcome.why}`, {
          hint: "check this machine's connection to hooks.slack.com",
        });
      throw new AoError(
        "E_NOTIFY_FAILED",
        `slack answered ${outcome.status}${outcome.answer ? ` (${outcome.answer})` : ""}`,
        { hint: slackHint(outcome.status), details: { status: outcome.status } },
      );
    },
  };
}

/** Slack's incoming-webhook fields for where and as whom; absent ones leave the webhook's own. */
function postedAs(options: SlackOptions): { channel?: string; username?: string } {
  return {
    ...(options.channel === undefined ? {} : { channel: options.channel }),
    ...(options.username === undefined ? {} : { username: options.username }),
  };
}

function slackHint(status: number): string {
  if (status === 403 || status === 404 || status === 410)
    return "the webhook was revoked or its channel archived: create a new incoming webhook and update SLACK_WEBHOOK_URL";
  if (status === 400) return "Slack refused the message's format: this is a bug in ao, please report it";
  return "Slack could not take the message now; a later attempt may succeed";
}
