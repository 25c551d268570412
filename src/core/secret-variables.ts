import { isSecretKey } from "./redact.js";

/**
 * The environment variables that hold ao's own secrets: a commander's token (or the path of its
 * file), the forge and tracker tokens ao's plugins use, the webhook secrets, the token of one push.
 * ao pushes branches and opens pull requests itself (scm/github), so no agent needs any of them;
 * docs/agents.md says which variables each agent does get.
 */
export const AO_SECRET_VARIABLES: readonly string[] = [
  "AO_COMMANDER_TOKEN",
  "AO_COMMANDER_TOKEN_FILE",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "LINEAR_API_KEY",
  "AO_GITHUB_WEBHOOK_SECRET",
  "AO_WEBHOOK_SECRET",
  "AO_GITHUB_PUSH_TOKEN",
];

/**
 * Only a commander's `ao mcp` reads these: not even the daemon it starts gets them, or one
 * commander's workers could act as that commander.
 */
export const CLIENT_ONLY_VARIABLES: readonly string[] = ["AO_COMMANDER_TOKEN", "AO_COMMANDER_TOKEN_FILE"];

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * AO_SECRET_VARIABLES plus the variables a configuration names for a secret: any option whose key
 * says secret or token and ends in `Env` (`daemon.webhookSecretEnv`, a notifier's `secretEnv`).
 */
export function aoSecretVariables(config?: unknown): string[] {
  const names = new Set(AO_SECRET_VARIABLES);
  collectSecretNames(config, names, new WeakSet());
  return [...names];
}

function collectSecretNames(value: unknown, names: Set<string>, seen: WeakSet<object>): void {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  for (const [key, inner] of Object.entries(value)) {
    const namesVariable = typeof inner === "string" && VARIABLE_NAME.test(inner);
    if (namesVariable && key.endsWith("Env") && isSecretKey(key)) names.add(inner);
    else collectSecretNames(inner, names, seen);
  }
}

/** `env` without the named variables (a copy; the values of the others untouched). */
export function withoutVariables(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && !names.includes(key)) result[key] = value;
  return result;
}
