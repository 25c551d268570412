import { closeSync, existsSync } from "node:fs";
import { AoError, checkProcess, signalProcessGroup, type RuntimeKey } from "../../../core/plugin-api.js";
import type { Waits } from "../_shared/poll-until.js";
import { openFifoForWriting, writeAll } from "./fifo-writer.js";
import type { LauncherProcess } from "./read-liveness.js";
import type { SessionFiles } from "./session-files.js";

/** What a key press is on a pipe: the byte a terminal would send. Ctrl-C is not a byte here. */
const KEY_BYTES: Readonly<Record<Exclude<RuntimeKey, "C-c">, string>> = {
  Enter: "\n",
  Escape: "\x1b",
  "C-u": "\x15",
  Up: "\x1b[A",
  Down: "\x1b[B",
};

/**
 * A key for an agent without a terminal. Ctrl-C is what a terminal turns it into: SIGINT to the
 * foreground process group, here the launcher's group (the launcher ignores it and lives on to
 * record the agent's exit). Enter, Escape and the arrows are their bytes, written to the agent's input pipe.
 */
export async function pressKey(
  id: string,
  files: SessionFiles | undefined,
  launcher: LauncherProcess | undefined,
  key: RuntimeKey,
  waits: Waits,
): Promise<void> {
  if (files === undefined || existsSync(files.exit)) throw notRunning(id);
  if (key === "C-c") {
    if (launcher === undefined || checkProcess(launcher.pid, launcher.startTime).kind !== "same")
      throw notRunning(id);
    signalProcessGroup(launcher.pid, "SIGINT");
    return;
  }
  const opened = openFifoForWriting(files.fifo);
  if (opened.kind !== "open") throw notRunning(id);
  try {
    const { written } = await writeAll(opened.fd, Buffer.from(KEY_BYTES[key], "utf8"), 5_000, waits);
    if (written === 0) throw notRunning(id);
  } finally {
    closeSync(opened.fd);
  }
}

function notRunning(id: string): AoError {
  return new AoError("E_NOT_FOUND", `process session ${id} is not running; no key was pressed`, {
    hint: "restore the session or start a new one",
  });
}
