import { join } from "node:path";
import { AoError, type AoPaths } from "../../../core/plugin-api.js";
import { runDir } from "../_shared/run-dir.js";

/** Where one process-runtime session keeps its files under AO_HOME. */
export interface SessionFiles {
  /** stdout and stderr of the agent (appended to across restarts). */
  log: string;
  /** The named pipe the agent reads its stdin from. */
  fifo: string;
  /** Written by the launcher when the agent exits: `{"exitCode":3,"signal":null}`. */
  exit: string;
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

export function sessionLogDir(paths: AoPaths): string {
  return join(paths.logs, "sessions");
}

/** The id becomes part of file names, so it is held to the same plain alphabet as session ids. */
export function sessionFiles(paths: AoPaths, id: string): SessionFiles {
  if (!SAFE_ID.test(id)) {
    throw new AoError("E_USAGE", `"${id}" cannot be a process session id`, {
      hint: "session ids may contain only letters, digits, '-' and '_'",
      details: { sessionId: id },
    });
  }
  return {
    log: join(sessionLogDir(paths), `${id}.log`),
    fifo: join(runDir(paths), `${id}.in`),
    exit: join(runDir(paths), `${id}.exit`),
  };
}
