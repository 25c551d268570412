import type { AoPaths } from "../paths.js";
import { aoEntryScript } from "../ao-entry.js";

/** The variable naming the session an agent runs in (the original ao sets the same one). */
export const SESSION_ID_ENV = "AO_SESSION_ID";

/**
 * The environment every agent process gets on top of its own launch spec: the session's id and the
 * AO_HOME it lives in, so that `ao report`, `ao acknowledge` and `ao session claim-pr` run by the
 * agent (or a hook of its) find their session without being told. Neither is a secret.
 */
export function sessionEnv(
  paths: Pick<AoPaths, "home">,
  sessionId: string,
  agentEnv: Readonly<Record<string, string>>,
): Record<string, string> {
  return { ...agentEnv, [SESSION_ID_ENV]: sessionId, AO_HOME: paths.home };
}

/**
 * What the runtime runs on this machine when the session's agent exits (RuntimeCreateInput.onExit):
 * this ao's node and entry script with `session ended <id>`, in this AO_HOME, so the daemon looks now.
 */
export function sessionExitCommand(paths: Pick<AoPaths, "home">, sessionId: string): string[] {
  return [
    "/usr/bin/env",
    `AO_HOME=${paths.home}`,
    process.execPath,
    aoEntryScript(),
    "session",
    "ended",
    sessionId,
  ];
}
