import type { AoPaths } from "../paths.js";

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
