import type { WebhookRequest, WebhookVerdict } from "../../../core/plugin-api.js";
import { verifyGitHubSignature } from "./webhook-signature.js";
import { webhookSubject } from "./webhook-subject.js";

/**
 * scm/github's `parseWebhook`: GitHub names the event and the delivery in `X-GitHub-Event` and
 * `X-GitHub-Delivery`, signs the raw body in `X-Hub-Signature-256`, and sends JSON when the hook's
 * content type is application/json. Nothing here logs; the body is read only once it is verified.
 */
export function parseGitHubWebhook(request: WebhookRequest): WebhookVerdict {
  const event = header(request, "x-github-event");
  const delivery = header(request, "x-github-delivery");
  const labels = { event, delivery };
  if (!verifyGitHubSignature(request.secret, request.body, header(request, "x-hub-signature-256")))
    return { ...labels, verified: false, status: 401, error: "bad signature" };
  let payload: unknown;
  try {
    payload = JSON.parse(request.body.toString("utf8"));
  } catch {
    return {
      ...labels,
      verified: false,
      status: 400,
      error: "the payload is not JSON (set the webhook's content type to application/json)",
    };
  }
  return { ...labels, verified: true, about: webhookSubject(payload) };
}

function header(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
