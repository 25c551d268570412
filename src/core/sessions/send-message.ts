import { createHash } from "node:crypto";
import type { AoContext } from "../context.js";
import { AoError, isAoError } from "../errors.js";
import {
  appendEvent,
  closeStore,
  isTerminalStatus,
  openStore,
  requireSession,
  writeTransaction,
  type Session,
} from "../store/index.js";
import type { SessionMessageSent } from "../events/index.js";
import type { DeliveryResult } from "../slots/index.js";
import { messageText, type MessageSource } from "./message-text.js";
import { storedHandle } from "./runtime-handle.js";
import { pluginsForSessions } from "./session-plugins.js";

/** What `ao send` prints: the session, and the facts its `session.message_sent` event records. */
export interface SendResult extends Omit<SessionMessageSent["payload"], "reason"> {
  session: string;
}

export interface SendOptions {
  configPath?: string | undefined;
  /** Default true. false: submit once and return without waiting for the agent to react. */
  wait?: boolean | undefined;
}

/**
 * Hands `text` to a session's agent through its runtime (paste once, submit, confirm) and records
 * it. The text itself never enters the event log, only its length and hash: messages may quote
 * review comments or secrets pasted by a person. Rejects with E_NOT_DELIVERED when the runtime could
 * not confirm the agent took it or, with `wait: false`, could not submit it.
 */
export async function sendMessage(
  ctx: AoContext,
  id: string,
  source: MessageSource,
  options: SendOptions = {},
): Promise<SendResult> {
  const text = await messageText(ctx, source);
  if (text.trim() === "")
    throw new AoError("E_USAGE", "the message is empty", {
      hint: "give the text as arguments, with --file, or on stdin",
    });
  const waited = options.wait !== false;
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    const delivery = await deliverTo(ctx, session, text, { ...options, wait: waited });
    const result: SendResult = {
      session: id,
      confirmed: delivery.confirmed,
      // A runtime that predates `submitted` only confirms, and confirming implies submitting.
      submitted: delivery.submitted ?? delivery.confirmed,
      waited,
      attempts: delivery.attempts,
      bytes: Buffer.byteLength(text, "utf8"),
      sha256: createHash("sha256").update(text, "utf8").digest("hex"),
    };
    const { session: _session, ...facts } = result;
    writeTransaction(store, (tx) =>
      appendEvent(tx, {
        type: "session.message_sent",
        sessionId: id,
        payload: { ...facts, ...(delivery.reason === undefined ? {} : { reason: delivery.reason }) },
      }),
    );
    if (!(waited ? result.confirmed : result.submitted)) throw notDelivered(result, delivery.reason);
    return result;
  } finally {
    closeStore(store);
  }
}

/** The session's runtime, with the options its project gives it, delivers the text. */
async function deliverTo(
  ctx: AoContext,
  session: Session,
  text: string,
  options: SendOptions,
): Promise<DeliveryResult> {
  const handle = runningHandle(session);
  const plugins = await pluginsForSessions(ctx, [session], options.configPath);
  const runtime = await plugins.registry.resolve(
    "runtime",
    session.runtime,
    plugins.optionsFor(session, "runtime"),
  );
  return runtime.deliver(handle, text, { confirm: options.wait !== false }).catch((error: unknown) => {
    throw notRunning(error, session);
  });
}

function notDelivered(result: SendResult, reason: string | undefined): AoError {
  const what = result.waited ? "pasted but not confirmed" : "pasted but not submitted";
  return new AoError(
    "E_NOT_DELIVERED",
    `the message to ${result.session} was ${what}: ${reason ?? "no reason given"}`,
    {
      hint: `look at the agent with \`ao session attach ${result.session}\`; the text was pasted once, so press Enter there rather than sending it again`,
      details: result as unknown as Record<string, unknown>,
    },
  );
}

function runningHandle(session: Session) {
  const handle = storedHandle(session);
  if (handle !== undefined && !isTerminalStatus(session.status)) return handle;
  const why = handle === undefined ? "its agent was never started" : `it is ${session.status}`;
  throw new AoError("E_SESSION_STATE", `cannot send to ${session.id}: ${why}`, {
    hint: `bring it back with \`ao session restore ${session.id}\``,
    details: { session: session.id, status: session.status },
  });
}

function notRunning(error: unknown, session: Session): unknown {
  if (!isAoError(error) || error.code !== "E_NOT_FOUND") return error;
  return new AoError("E_NOT_FOUND", `${session.id} is not running: ${error.message}`, {
    hint: `bring it back with \`ao session restore ${session.id}\``,
    details: { session: session.id },
    cause: error,
  });
}
