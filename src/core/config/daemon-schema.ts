import { z } from "zod";
import { parseDuration } from "./duration.js";
import { durationSchema } from "./reaction-schema.js";

/** What a shell accepts as a variable name; the secret itself never appears in the file. */
export const ENV_VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A duration of at least `minMs`, so a typo such as `0s` cannot make the daemon spin. */
const durationAtLeast = (minText: string) =>
  durationSchema.refine((text) => parseDuration(text) >= parseDuration(minText), {
    error: `expected at least ${minText}`,
  });

export const daemonSchema = z
  .strictObject({
    pollInterval: durationAtLeast("1s").default("30s").meta({
      description: "How often the daemon runs a lifecycle cycle when no webhook arrives (at least 1s).",
    }),
    webhookSecretEnv: z
      .string()
      .regex(ENV_VAR_NAME_PATTERN, {
        error: "expected the NAME of an environment variable (e.g. AO_GITHUB_WEBHOOK_SECRET), not the secret",
      })
      .default("AO_GITHUB_WEBHOOK_SECRET")
      .meta({
        description:
          "Name of the environment variable holding the GitHub webhook secret. Unset: webhooks are refused.",
      }),
    stopTimeout: durationSchema.default("30s").meta({
      description: "How long `ao stop` waits for the cycle in flight before ending the daemon.",
    }),
    watchFiles: z.boolean().default(true).meta({
      description:
        "Wake a cycle when a session's branch moves, a local CI run ends or this file changes; false: only polls and webhooks (a filesystem without change notification, or no inotify watches to spare).",
    }),
  })
  .meta({ description: "The background daemon (`ao start`): polling, webhooks, shutdown." });

export type RawDaemon = z.output<typeof daemonSchema>;
