import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { AoError, checkProcess, type AoPaths, type Exec } from "../../../core/plugin-api.js";
import { pollUntil, type Waits } from "../_shared/poll-until.js";
import { fifoHasReader } from "./fifo-writer.js";
import { runDir } from "../_shared/run-dir.js";
import { sessionLogDir, type SessionFiles } from "./session-files.js";

/**
 * Fresh files for a new session: a leftover FIFO nobody reads (a crashed earlier session of the same
 * id) is replaced, one somebody still reads means that session is alive and is not touched.
 */
export async function prepareSessionFiles(
  exec: Exec,
  paths: AoPaths,
  id: string,
  files: SessionFiles,
): Promise<void> {
  mkdirSync(runDir(paths), { recursive: true, mode: 0o700 });
  mkdirSync(sessionLogDir(paths), { recursive: true, mode: 0o700 });
  if (existsSync(files.fifo)) {
    if (fifoHasReader(files.fifo)) {
      throw new AoError("E_EXISTS", `process session ${id} is already running`, {
        hint: "stop the existing session first, or use another session id",
      });
    }
    rmSync(files.fifo, { force: true });
  }
  rmSync(files.exit, { force: true });
  await exec("mkfifo", ["-m", "600", files.fifo]);
}

export function assertDirectory(cwd: string): void {
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new AoError("E_NOT_FOUND", `the session directory ${cwd} does not exist`, {
      hint: "the workspace may have been removed; restore the session (ao session restore)",
    });
  }
}

/**
 * "Running" means the launcher holds the input pipe open, so a deliver right after create finds a
 * reader. A launcher that died first (or an agent that exited at once) also ends the wait: liveness
 * tells those apart.
 */
export async function waitUntilListening(
  files: SessionFiles,
  launcher: { pid: number; startTime: string },
  timeoutMs: number,
  waits: Waits,
): Promise<boolean> {
  const settled = await pollUntil(
    () => {
      if (fifoHasReader(files.fifo) || existsSync(files.exit)) return Promise.resolve(true);
      return Promise.resolve(
        checkProcess(launcher.pid, launcher.startTime).kind === "same" ? undefined : true,
      );
    },
    { timeoutMs, intervalMs: 20 },
    waits,
  );
  return settled === true;
}
