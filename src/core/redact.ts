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

export function redactText(text: string): string {
  let out = text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
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
