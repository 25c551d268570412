import { closeSync, existsSync } from "node:fs";
import { AoError, type DeliveryResult } from "../../../core/plugin-api.js";
import type { Waits } from "../_shared/poll-until.js";
import { openFifoForWriting, writeAll } from "./fifo-writer.js";
import type { SessionFiles } from "./session-files.js";

/**
 * Writes the message and a newline (the "Enter": a line-reading agent takes the message when it
 * arrives) into the agent's input pipe. There is no screen to watch, so "confirmed" means every
 * byte went into the pipe; one write, never repeated. Submitting and confirming are the same act
 * here, so `deliver(…, { confirm: false })` (ao send --no-wait) has nothing to skip: it never waits
 * for the agent to start a turn.
 */
export async function deliverToFifo(
  id: string,
  files: SessionFiles | undefined,
  text: string,
  timeoutMs: number,
  waits: Waits,
): Promise<DeliveryResult> {
  // Once the exit file exists the agent is gone, even if its launcher still holds the pipe for a moment.
  if (files === undefined || existsSync(files.exit)) throw notRunning(id);
  const opened = openFifoForWriting(files.fifo);
  if (opened.kind !== "open") throw notRunning(id);
  try {
    const data = Buffer.from(`${text}\n`, "utf8");
    const { written, readerGone } = await writeAll(opened.fd, data, timeoutMs, waits);
    if (written === data.length) return { confirmed: true, submitted: true, attempts: 1 };
    if (written === 0 && readerGone) throw notRunning(id);
    const reason = `only ${String(written)} of ${String(data.length)} bytes reached the agent's input`;
    return { confirmed: false, submitted: false, attempts: 1, reason };
  } finally {
    closeSync(opened.fd);
  }
}

function notRunning(id: string): AoError {
  return new AoError("E_NOT_FOUND", `process session ${id} is not running; nothing was delivered`, {
    hint: "restore the session or start a new one, then send again",
  });
}
