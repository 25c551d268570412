import { afterEach, describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import type { Notification } from "../../../src/core/slots/index.js";
import {
  createWebhookNotifier,
  webhookOptions,
  type WebhookOptions,
} from "../../../src/plugins/notifier/webhook.js";
import {
  startWebhookReceiver,
  type ReceiverOptions,
  type WebhookReceiver,
} from "../../fakes/webhook-receiver.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";

const SECRET = "s3cr3t-value-that-must-not-leak";
const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const mergeable: Notification = {
  title: "ready to merge",
  body: "approved and CI is green",
  priority: "action",
  sessionId: "app-3",
  url: "https://github.com/acme/app/pull/3",
  nextCommand: "ao merge app-3",
};

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

interface Setup {
  ctx: TestContext;
  notify: (notification?: Notification) => Promise<void>;
  sleeps: number[];
  receiver: WebhookReceiver;
}

async function setup(receiving: ReceiverOptions, options: Partial<WebhookOptions> = {}): Promise<Setup> {
  receiver = await startWebhookReceiver(receiving);
  const ctx = makeTestContext({ env: { AO_WEBHOOK_SECRET: SECRET }, now: NOW });
  const sleeps: number[] = [];
  const parsed = webhookOptions.parse({ url: receiver.url, retryDelayMs: 10, ...options });
  const notifier = createWebhookNotifier(ctx, parsed, (ms) => {
    sleeps.push(ms);
    return Promise.resolve();
  });
  return { ctx, notify: (notification = mergeable) => notifier.notify(notification), sleeps, receiver };
}

async function failureOf(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AoError);
  return error as AoError;
}

describe("notifier/webhook", () => {
  it("posts signed JSON that a receiver verifies with timingSafeEqual", async () => {
    const { notify, receiver } = await setup({ secret: SECRET });
    await notify();
    const [request] = receiver.requests;
    expect(request?.signatureValid).toBe(true);
    expect(request?.headers["x-ao-event"]).toBe("notification");
    expect(request?.headers["x-ao-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.headers["x-ao-signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      event: "notification",
      deliveryId: request?.headers["x-ao-delivery"],
      sentAt: "2024-05-01T12:00:00.000Z",
      notification: {
        title: "ready to merge",
        body: "approved and CI is green",
        priority: "action",
        sessionId: "app-3",
        url: "https://github.com/acme/app/pull/3",
        nextCommand: "ao merge app-3",
      },
      text: "app-3: ready to merge\napproved and CI is green\nhttps://github.com/acme/app/pull/3\nNext: ao merge app-3",
    });
  });

  it("is refused by a receiver with another secret, and does not retry a 4xx", async () => {
    const { notify, receiver, sleeps } = await setup({ secret: "another-secret" });
    const failure = await failureOf(notify());
    expect(receiver.requests.map((request) => [request.signatureValid, request.status])).toEqual([
      [false, 401],
    ]);
    expect(sleeps).toEqual([]);
    expect(failure.message).toBe("the webhook answered 401: status 401");
    expect(failure.hint).toMatch(/same secret/);
  });

  it("retries 5xx answers with doubling backoff, keeping one delivery id", async () => {
    const { notify, receiver, sleeps } = await setup({ secret: SECRET, statuses: [503, 502] });
    await notify();
    expect(receiver.requests.map((request) => request.status)).toEqual([503, 502, 200]);
    expect(new Set(receiver.requests.map((request) => request.headers["x-ao-delivery"])).size).toBe(1);
    expect(sleeps).toEqual([10, 20]);
  });

  it("gives up after the configured retries", async () => {
    const { notify, receiver, sleeps } = await setup({ statuses: [500, 500, 500, 500] }, { retries: 2 });
    const failure = await failureOf(notify());
    expect(receiver.requests).toHaveLength(3);
    expect(sleeps).toEqual([10, 20]);
    expect(failure.message).toBe("the webhook answered 500: status 500 (after 3 attempts)");
    expect(failure.details).toEqual({ status: 500, attempts: 3 });
  });

  it("caps the backoff at 30 seconds", async () => {
    const statuses = Array.from({ length: 11 }, () => 503);
    const { notify, sleeps } = await setup({ statuses }, { retries: 10, retryDelayMs: 5_000 });
    await failureOf(notify());
    expect(sleeps).toEqual([5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it("retries a network error, then names it without the URL", async () => {
    const { notify, receiver: closed, sleeps } = await setup({}, { retries: 1 });
    await closed.close();
    receiver = undefined;
    const failure = await failureOf(notify());
    expect(sleeps).toEqual([10]);
    expect(failure.message).toBe("the webhook could not be reached: ECONNREFUSED (after 2 attempts)");
  });

  it("does not retry a 400", async () => {
    const { notify, receiver } = await setup({ statuses: [400], errorText: "bad payload" });
    const failure = await failureOf(notify());
    expect(receiver.requests).toHaveLength(1);
    expect(failure.message).toBe("the webhook answered 400: bad payload");
  });

  it("keeps the secret out of errors, logs and the body", async () => {
    const { ctx, notify, receiver } = await setup({ statuses: [503, 503, 503, 503] });
    const failure = await failureOf(notify());
    const everything = JSON.stringify([failure.message, failure.hint, failure.details, ctx.logger.records]);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain("secret-part");
    expect(receiver.requests[0]?.body).not.toContain(SECRET);
  });

  it("reads the secret from the variable named by secretEnv", async () => {
    receiver = await startWebhookReceiver({ secret: "team-secret" });
    const ctx = makeTestContext({ env: { TEAM_HOOK_SECRET: "team-secret" } });
    const options = webhookOptions.parse({ url: receiver.url, secretEnv: "TEAM_HOOK_SECRET" });
    await createWebhookNotifier(ctx, options).notify(mergeable);
    expect(receiver.requests[0]?.signatureValid).toBe(true);
  });

  it("refuses to exist without its secret", () => {
    const ctx = makeTestContext({ env: { AO_WEBHOOK_SECRET: "" } });
    const create = () => createWebhookNotifier(ctx, webhookOptions.parse({ url: "http://127.0.0.1:9/x" }));
    expect(create).toThrow(
      expect.objectContaining({
        code: "E_CONFIG_ENV",
        message: "the webhook notifier signs with AO_WEBHOOK_SECRET, which is not set",
      }),
    );
  });

  it("rejects a secret written as an option instead of an env var name", () => {
    expect(webhookOptions.safeParse({ url: "https://x.invalid/h", secret: SECRET }).success).toBe(false);
    expect(webhookOptions.safeParse({ url: "https://x.invalid/h", secretEnv: "not a name" }).success).toBe(
      false,
    );
  });
});
