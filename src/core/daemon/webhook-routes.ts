import type { Route, RouteAnswer, RouteRequest, RouteSet } from "../http/index.js";
import type { WebhookSubject, WebhookVerdict } from "../slots/index.js";
import { listSessions } from "../store/index.js";
import type { DaemonMountContext } from "./daemon-mount.js";
import { matchWebhookSessions } from "./match-webhook-sessions.js";
import { openWebhookLedger, type WebhookLedger } from "./webhook-ledger.js";
import { webhookReceivers, type WebhookReceiver } from "./webhook-receivers.js";

/** The largest payload a forge is known to send is 25 MB; anything larger is not a forge's event. */
const MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;

/** `POST /webhooks/<scm>` for each configured scm that parses webhooks (WebhookReceiver). */
export async function webhookRoutes(daemon: DaemonMountContext): Promise<RouteSet> {
  const receivers = await webhookReceivers(daemon);
  const hint = onceOnly();
  const ledger = openWebhookLedger(daemon.ctx.paths, daemon.ctx.clock);
  return {
    owner: "scm webhooks",
    routes: receivers.map((receiver) => webhookRoute(daemon, receiver, { hint, ledger })),
  };
}

/**
 * The scm verifies and reads the delivery; core matches sessions and queues a fresh cycle for
 * them. The answer comes at once (202) and the cycle runs after it: a forge gives a receiver a
 * few seconds. The body is never logged. No secret configured → 401 and one hint in the log.
 */
function webhookRoute(
  daemon: DaemonMountContext,
  receiver: WebhookReceiver,
  { hint, ledger }: { hint: OnceOnly; ledger: WebhookLedger },
): Route {
  const secretEnv = daemon.engine.config.config.daemon.webhookSecretEnv;
  return {
    method: "POST",
    path: `/webhooks/${encodeURIComponent(receiver.scm)}`,
    auth: "none",
    maxBodyBytes: MAX_WEBHOOK_BYTES,
    handle: async (request: RouteRequest): Promise<RouteAnswer> => {
      const body = await request.body();
      const secret = daemon.ctx.env[secretEnv];
      if (secret === undefined || secret === "") {
        hint(() =>
          daemon.log.warn(
            `webhook refused: no secret configured; set ${secretEnv} in the daemon's environment to the secret of the ${receiver.scm} webhook, then restart it (ao stop && ao start)`,
          ),
        );
        return { status: 401, body: { error: `no webhook secret configured (${secretEnv})` } };
      }
      const verdict = await receiver.parse({ headers: request.headers, body, secret });
      if (verdict.verified && !ledger.firstTime(receiver.scm, verdict.delivery, body))
        return duplicate(daemon, verdict);
      return answer(daemon, receiver, verdict, body.length);
    },
  };
}

/** 202 and a cycle for what a verified delivery is about; the scm's refusal otherwise. One log line each. */
function answer(
  daemon: DaemonMountContext,
  receiver: WebhookReceiver,
  verdict: WebhookVerdict,
  bytes: number,
): RouteAnswer {
  const event = verdict.event ?? "unknown";
  const delivery = verdict.delivery ?? "-";
  if (!verdict.verified) {
    daemon.log.warn(
      `webhook refused: ${verdict.error} (event ${event}, delivery ${delivery}, ${bytes} bytes)`,
    );
    return { status: verdict.status, body: { error: verdict.error } };
  }
  const sessions = dispatch(daemon, receiver, verdict.about);
  const outcome = sessions.length === 0 ? "no matching session" : `cycle for ${sessions.join(", ")}`;
  daemon.log.info(`webhook ${event} (delivery ${delivery}): ${outcome}`);
  return { status: 202, body: { accepted: true, event, sessions } };
}

/**
 * A signed delivery seen before (a replay, or a person's "Redeliver"): nothing is done again. 200,
 * not an error: GitHub shows a non-2xx answer as a failed delivery, and this one was handled.
 */
function duplicate(daemon: DaemonMountContext, verdict: WebhookVerdict): RouteAnswer {
  const delivery = verdict.delivery ?? "-";
  daemon.log.warn(
    `webhook ignored: delivery ${delivery} (event ${verdict.event ?? "unknown"}) was received before`,
  );
  return {
    status: 200,
    body: { ignored: true, reason: "duplicate delivery", delivery: verdict.delivery ?? null },
  };
}

function dispatch(daemon: DaemonMountContext, receiver: WebhookReceiver, about: WebhookSubject): string[] {
  const sessions = listSessions(daemon.engine.store, { activeOnly: true });
  const ids = matchWebhookSessions(daemon.engine.config.config, sessions, about, receiver.projects);
  // The event says something changed at the forge, maybe where a cache would not see it (a check
  // run on the same head): the scm asks afresh about these sessions' pull requests.
  if (ids.length > 0) void daemon.queue.request(ids, { fresh: true });
  return ids;
}

type OnceOnly = (say: () => void) => void;

function onceOnly(): OnceOnly {
  let said = false;
  return (say) => {
    if (said) return;
    said = true;
    say();
  };
}
