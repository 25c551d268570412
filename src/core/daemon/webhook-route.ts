import type { IncomingHttpHeaders } from "node:http";
import type { DaemonLog } from "./daemon-log.js";
import { verifyGithubSignature } from "./verify-signature.js";
import { webhookTargets, type WebhookTargets } from "./webhook-targets.js";

export interface WebhookAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export type WebhookHandler = (headers: IncomingHttpHeaders, body: Buffer) => WebhookAnswer;

export interface WebhookRouteOptions {
  /** NAME of the environment variable holding the secret (config `daemon.webhookSecretEnv`). */
  readonly secretEnv: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly log: DaemonLog;
  /** The sessions the event is about; the caller queues a cycle for them. */
  dispatch(targets: WebhookTargets): readonly string[];
}

/**
 * `POST /webhooks/github`: verify, then hand the event's targets over. The answer comes at once
 * (202) and the cycle runs after it: GitHub gives a receiver 10 seconds. The body is never logged.
 */
export function createWebhookHandler(options: WebhookRouteOptions): WebhookHandler {
  let hinted = false;
  return (headers, body) => {
    const secret = options.env[options.secretEnv];
    const delivery = header(headers, "x-github-delivery") ?? "-";
    const event = header(headers, "x-github-event") ?? "unknown";
    if (secret === undefined || secret === "") {
      if (!hinted) {
        hinted = true;
        options.log.warn(
          `webhook refused: no secret configured; set ${options.secretEnv} in the daemon's environment to the secret of the GitHub webhook, then restart it (ao stop && ao start)`,
        );
      }
      return { status: 401, body: { error: `no webhook secret configured (${options.secretEnv})` } };
    }
    if (!verifyGithubSignature(secret, body, header(headers, "x-hub-signature-256"))) {
      options.log.warn(
        `webhook refused: bad signature (event ${event}, delivery ${delivery}, ${body.length} bytes)`,
      );
      return { status: 401, body: { error: "bad signature" } };
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString("utf8"));
    } catch {
      return {
        status: 400,
        body: { error: "the payload is not JSON (set the webhook's content type to application/json)" },
      };
    }
    const sessions = options.dispatch(webhookTargets(payload));
    options.log.info(
      `webhook ${event} (delivery ${delivery}): ${sessions.length === 0 ? "no matching session" : `cycle for ${sessions.join(", ")}`}`,
    );
    return { status: 202, body: { accepted: true, event, sessions } };
  };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
