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
import { messageText, type MessageSource } from "./message-text.js";
import { storedHandle } from "./runtime-handle.js";
import { registryForNames } from "./session-plugins.js";

export interface SendResult {
  session: string;
  confirmed: boolean;
  /** How many times submit was pressed (the text is pasted once). */
  attempts: number;
  /** UTF-8 bytes delivered. */
  bytes: number;
  sha256: string;
}

/**
 * Hands `text` to a session's agent through its runtime (paste once, submit, confirm) and records
 * it. The text itself never enters the event log, only its length and hash: messages may quote
 * review comments or secrets pasted by a person. Rejects with E_NOT_DELIVERED when the runtime could
 * not confirm the agent took it.
 */
export async function sendMessage(
  ctx: AoContext,
  id: string,
  source: MessageSource,
  options: { configPath?: string | undefined } = {},
): Promise<SendResult> {
  const text = await messageText(ctx, source);
  if (text.trim() === "")
    throw new AoError("E_USAGE", "the message is empty", {
      hint: "give the text as arguments, with --file, or on stdin",
    });
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    const handle = runningHandle(session);
    const registry = await registryForNames(
      ctx,
      [{ slot: "runtime", name: session.runtime }],
      options.configPath,
    );
    const runtime = await registry.resolve("runtime", session.runtime);
    const delivery = await runtime.deliver(handle, text).catch((error: unknown) => {
      throw notRunning(error, session);
    });
    const result: SendResult = {
      session: id,
      confirmed: delivery.confirmed,
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
    if (!delivery.confirmed) {
      throw new AoError(
        "E_NOT_DELIVERED",
        `the message to ${id} was pasted but not confirmed: ${delivery.reason ?? "no reason given"}`,
        {
          hint: `look at the agent with \`ao session attach ${id}\`; the text was pasted once, so press Enter there rather than sending it again`,
          details: result as unknown as Record<string, unknown>,
        },
      );
    }
    return result;
  } finally {
    closeStore(store);
  }
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
