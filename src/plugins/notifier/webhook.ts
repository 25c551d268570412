import { z } from "zod";
import {
  AoError,
  definePlugin,
  type Notifier,
  type PluginCheck,
  type PluginContext,
} from "../../core/plugin-api.js";
import { postJson, type PostOutcome } from "./_shared/post-json.js";
import { signedDelivery } from "./webhook/signed-delivery.js";

/** Backoff doubles from `retryDelayMs` and never waits longer than this between two attempts. */
const MAX_DELAY_MS = 30_000;

export const webhookOptions = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).meta({
    description: "Where to POST each notification as JSON.",
  }),
  secretEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "expected an environment variable name" })
    .default("AO_WEBHOOK_SECRET")
    .meta({
      description:
        "The environment variable holding the HMAC secret for X-Ao-Signature-256 (the secret never goes in the config).",
    }),
  timeoutMs: z
    .number()
    .int()
    .min(100)
    .default(10_000)
    .meta({ description: "How long one attempt may take." }),
  retries: z.number().int().min(0).max(10).default(3).meta({
    description: "Further attempts after a 5xx answer or a network error (a 4xx answer is not retried).",
  }),
  retryDelayMs: z.number().int().min(1).default(1_000).meta({
    description: "The wait before the first retry; it doubles for each further one (at most 30s).",
  }),
});

export type WebhookOptions = z.output<typeof webhookOptions>;

/** notifier/webhook: a signed JSON POST per notification, for your own automation. */
export const plugin = definePlugin({
  slot: "notifier",
  name: "webhook",
  description: "POSTs each notification as signed JSON (X-Ao-Signature-256) to a URL",
  options: webhookOptions,
  doctor: (options, ctx) => [checkSecret(options.secretEnv, ctx.env)],
  create: (options, ctx) => createWebhookNotifier(ctx, options),
});

/**
 * The doctor capability: without its secret the notifier cannot exist (see below), so doctor, `ao
 * config validate` and `ao start` say so before the first notification would fail in a log.
 */
function checkSecret(secretEnv: string, env: Readonly<Record<string, string | undefined>>): PluginCheck {
  const base = {
    id: `notifier:webhook:${secretEnv}`,
    title: "webhook notifier secret",
    option: ["secretEnv"],
  };
  if ((env[secretEnv] ?? "") !== "") return { ...base, status: "ok", detail: `${secretEnv} is set` };
  return {
    ...base,
    status: "fail",
    detail: `${secretEnv} is not set: the webhook notifier signs every notification with it`,
    fix: `export ${secretEnv}=<a long random string>; the receiver checks X-Ao-Signature-256 with the same secret`,
  };
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

type WebhookContext = Pick<PluginContext, "env" | "clock" | "logger">;

/**
 * The secret is read from the environment once, here; it never enters the config, an argv, a log
 * line or an error. Without it the notifier refuses to exist: an unsigned webhook cannot be told
 * from a forged one. `sleep` is injectable so tests do not wait out the backoff.
 */
export function createWebhookNotifier(
  ctx: WebhookContext,
  options: WebhookOptions,
  sleep: Sleep = realSleep,
): Notifier {
  const secret = ctx.env[options.secretEnv] ?? "";
  if (secret === "")
    throw new AoError(
      "E_CONFIG_ENV",
      `the webhook notifier signs with ${options.secretEnv}, which is not set`,
      {
        hint: `export ${options.secretEnv}=<a long random string>; the receiver checks X-Ao-Signature-256 with the same secret`,
      },
    );
  return {
    async notify(notification) {
      const delivery = signedDelivery(notification, secret, ctx.clock.now());
      const attempts = options.retries + 1;
      for (let attempt = 1; ; attempt++) {
        const outcome = await postJson({ url: options.url, ...delivery, timeoutMs: options.timeoutMs });
        if (outcome.kind === "ok") return;
        const retryable = outcome.kind === "unreachable" || outcome.status >= 500;
        if (!retryable || attempt >= attempts) throw deliveryError(outcome, attempt);
        const delay = Math.min(options.retryDelayMs * 2 ** (attempt - 1), MAX_DELAY_MS);
        ctx.logger.warn("webhook attempt failed, retrying", {
          attempt,
          delayMs: delay,
          ...outcomeFields(outcome),
        });
        await sleep(delay);
      }
    },
  };
}

function outcomeFields(outcome: Exclude<PostOutcome, { kind: "ok" }>): Record<string, unknown> {
  return outcome.kind === "unreachable" ? { error: outcome.why } : { status: outcome.status };
}

function deliveryError(outcome: Exclude<PostOutcome, { kind: "ok" }>, attempts: number): AoError {
  const tries = attempts === 1 ? "" : ` (after ${attempts} attempts)`;
  if (outcome.kind === "unreachable")
    return new AoError("E_NOTIFY_FAILED", `the webhook could not be reached: ${outcome.why}${tries}`, {
      hint: "check that the receiver is up and reachable from this machine",
      details: { attempts },
    });
  const answer = outcome.answer ? `: ${outcome.answer}` : "";
  return new AoError("E_NOTIFY_FAILED", `the webhook answered ${outcome.status}${answer}${tries}`, {
    hint:
      outcome.status === 401 || outcome.status === 403
        ? "the receiver refused the signature: give it the same secret as the webhook notifier's secretEnv"
        : "check the receiver's logs",
    details: { status: outcome.status, attempts },
  });
}
