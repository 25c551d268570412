import { lastEventId, listEvents, type Store, type StoredEvent } from "../../core/store/index.js";
import { sendPush, type PushOutcome, type PushSender } from "./push-delivery.js";
import { pushMessageOf, type PushMessage } from "./push-message.js";
import type { PushSubscriptionRecord, PushSubscriptions } from "./push-subscriptions.js";

export interface PushDispatcherOptions {
  readonly store: Store;
  readonly subscriptions: PushSubscriptions;
  readonly sender: PushSender;
  /** Whether a subscription's owner may still be told (a revoked device may not). */
  readonly ownerAllowed: (owner: string) => boolean;
  readonly log: { info(message: string): void; warn(message: string): void };
  readonly localTime: (ms: number) => string;
  /** How often the store's newest event id is read while anyone is subscribed. */
  readonly pollMs: number;
}

/** A question names what the generic "needs your input" would only repeat: it wins for this long. */
const QUESTION_WINS_MS = 10 * 60_000;

/**
 * Follows the events the daemon records (docs/dashboard.md, "Notifications"): while any browser
 * is subscribed it reads the store's newest event id every `pollMs` (one indexed read), turns the
 * new events that need a person into pushes (push-message.ts), and sends each to every
 * subscription whose owner is still allowed. A push service's 404 or 410 removes that
 * subscription; other failures are logged, by subscription id and push service only.
 */
export function startPushDispatcher(options: PushDispatcherOptions): { stop(): void } {
  let cursor = lastEventId(options.store);
  let running = Promise.resolve();
  const told = new Map<string, { kind: PushMessage["kind"]; at: number }>();
  const tick = () => {
    running = running
      .then(async () => {
        if (options.subscriptions.all().length === 0) {
          cursor = lastEventId(options.store);
          return;
        }
        if (lastEventId(options.store) <= cursor) return;
        const events = newEvents(options.store, cursor);
        cursor = events.at(-1)?.id ?? cursor;
        for (const message of chooseMessages(events, options, told)) await deliver(options, message);
      })
      .catch((error: unknown) => options.log.warn(`push: ${String(error)}`));
  };
  const timer = setInterval(tick, options.pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** One message per tag in a batch; a generic "needs input" after a question about it is dropped. */
function chooseMessages(
  events: readonly StoredEvent[],
  options: PushDispatcherOptions,
  told: Map<string, { kind: PushMessage["kind"]; at: number }>,
): PushMessage[] {
  const chosen = new Map<string, PushMessage>();
  const now = options.sender.now();
  for (const event of events) {
    const message = pushMessageOf(event, options.localTime);
    if (message === undefined) continue;
    const recent = told.get(message.tag);
    const earlier =
      chosen.get(message.tag)?.kind ??
      (recent && now - recent.at < QUESTION_WINS_MS ? recent.kind : undefined);
    if (message.kind === "needs-input" && earlier === "question") continue;
    chosen.set(message.tag, message);
  }
  for (const message of chosen.values()) told.set(message.tag, { kind: message.kind, at: now });
  return [...chosen.values()];
}

/** Every event after `id`, a page at a time (a cycle over many sessions writes many). */
function newEvents(store: Store, id: number): StoredEvent[] {
  const events: StoredEvent[] = [];
  for (let after = id; ;) {
    const page = listEvents(store, { afterId: after, limit: 500 });
    events.push(...page);
    if (page.length < 500) return events;
    after = page.at(-1)!.id;
  }
}

async function deliver(options: PushDispatcherOptions, message: PushMessage): Promise<void> {
  const targets = options.subscriptions.all().filter((record) => options.ownerAllowed(record.owner));
  const outcomes = await Promise.all(targets.map((target) => sendPush(options.sender, target, message)));
  const gone = new Set<string>();
  targets.forEach((target, index) => note(options, target, message, outcomes[index]!, gone));
  if (gone.size > 0) await options.subscriptions.remove((record) => gone.has(record.id));
}

function note(
  options: PushDispatcherOptions,
  target: PushSubscriptionRecord,
  message: PushMessage,
  outcome: PushOutcome,
  gone: Set<string>,
): void {
  const who = `subscription ${target.id} (${target.owner}, ${target.service})`;
  if (outcome.kind === "sent") {
    options.subscriptions.sent(target.id);
    options.log.info(`push: ${message.kind} about ${message.sessionId ?? "the fleet"} sent to ${who}`);
  } else if (outcome.kind === "gone") {
    gone.add(target.id);
    options.log.info(`push: ${who} is gone (${outcome.status}): removed`);
  } else options.log.warn(`push: ${message.kind} to ${who} failed: ${outcome.why}`);
}
