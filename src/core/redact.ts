/**
 * Secrets never reach logs, events or `config show`. Two nets, because either alone leaks:
 * by key name (a field called `token` whatever its value) and by pattern (a token pasted into a message).
 */
export const REDACTED = "[redacted]";

const SECRET_KEY =
  /(token|secret|password|passwd|api[-_]?key|authorization|cookie|webhook[-_]?url|^webhook$|private[-_]?key)/i;

const SECRET_PATTERNS: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\blin_(?:api|oauth)_[A-Za-z0-9]{20,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bsk-(?:ant-)?[A-Za-z0-9_-]{20,}\b/g,
  /(?<=hooks\.slack\.com\/services\/)[A-Za-z0-9/]+/g,
  /(?<=\bBearer\s+)[A-Za-z0-9._~+/-]{8,}=*/g,
];

/** `https://user:token@host` → `https://user:[redacted]@host`. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;

/** Shorter values are too likely to be ordinary words or numbers to be replaced wherever they occur. */
const MIN_SECRET_VALUE_LENGTH = 8;

/** A variable that names where a secret is, not the secret (AO_COMMANDER_TOKEN_FILE, webhookSecretEnv). */
const POINTER_NAME = /(_FILE|_PATH|_DIR|_ENV)$/i;

/**
 * The secret values this process knows (its tokens, the webhook secret, a commander's token read
 * from its file): replaced wherever they occur, whatever they look like. Module state, not context:
 * every sink must redact (the store's writes, an error's message, the logger), and several of them
 * are reached where no context is passed.
 */
const knownValues = new Set<string>();

/** Adds values to redact from now on. Short or empty values are ignored. */
export function rememberSecretValues(values: Iterable<string | undefined>): void {
  for (const value of values) {
    const trimmed = value?.trim() ?? "";
    if (trimmed.length >= MIN_SECRET_VALUE_LENGTH) knownValues.add(trimmed);
  }
}

/** Stops redacting values (a test's own secrets, so the next test starts clean). */
export function forgetSecretValues(values: Iterable<string>): void {
  for (const value of values) knownValues.delete(value.trim());
}

/**
 * The values of an environment's secret variables: those named like a secret (GITHUB_TOKEN,
 * ANTHROPIC_API_KEY, AO_GITHUB_WEBHOOK_SECRET) and those in `names`, except variables that only
 * point at a secret (a file path, another variable's name).
 */
export function secretValuesOf(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[] = [],
): string[] {
  return Object.entries(env)
    .filter(([name]) => (isSecretKey(name) || names.includes(name)) && !POINTER_NAME.test(name))
    .map(([, value]) => value ?? "");
}

export function redactText(text: string): string {
  let out = text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  for (const value of knownValues) out = out.split(value).join(REDACTED);
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/** A JSON.stringify replacer that redacts every string value (keys are left to redactValue). */
export function redactStrings(_key: string, value: unknown): unknown {
  return typeof value === "string" ? redactText(value) : value;
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Deep copy of `value` with secret-named keys masked and secret-looking substrings replaced. */
export function redactValue(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: redactText(value.stack ?? "") };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = isSecretKey(key) && inner !== undefined && inner !== "" ? REDACTED : redactValue(inner, seen);
  }
  return out;
}
