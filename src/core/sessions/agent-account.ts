import { createHash } from "node:crypto";

/** How many hex digits of the fingerprint an account key keeps: enough to tell accounts apart. */
const FINGERPRINT_DIGITS = 10;

/**
 * The account a session of `agent` spends (docs/limits-and-budgets.md, Accounts): the agent's
 * name when none of its account variables is set (the machine's one login, and every session of
 * before accounts), else `<agent>@<fingerprint>`, a SHA-256 prefix of the agent's name and the
 * set variables' names and values. Not a secret and not reversible: the key is stored, printed and
 * put in events; the values never are.
 */
export function agentAccount(
  agent: string,
  variables: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const set = [...new Set(variables ?? [])].sort().flatMap((name) => {
    const value = env[name];
    return value === undefined || value === "" ? [] : [`${name}=${value}`];
  });
  if (set.length === 0) return agent;
  const digest = createHash("sha256")
    .update([agent, ...set].join("\0"))
    .digest("hex");
  return `${agent}@${digest.slice(0, FINGERPRINT_DIGITS)}`;
}

/** The environment a session's agent sees for its account: ao's own, then the project's `agentConfig.env`. */
export function agentEnvironment(
  processEnv: Readonly<Record<string, string | undefined>>,
  projectEnv: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  return { ...processEnv, ...projectEnv };
}
