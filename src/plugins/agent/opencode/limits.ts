import type { UsageLimit } from "../../../core/plugin-api.js";
import { lastMatchingLine } from "../_shared/limit-lines.js";

/**
 * opencode's limit messages (1.18.33, test/fixtures/agents/opencode/limits/): OpenCode Go's "<name>
 * usage limit reached. It will reset in 2 hours 5 minutes. …" (a duration from the server's
 * retry-after: days/hours/minutes, or "less than a minute"), the free tier's "Free usage exceeded,
 * subscribe to Go", and a provider's 429 as recorded ("You exceeded your current quota, …"), which
 * print no time.
 */
const LIMIT =
  /((?:\S+ )?[Uu]sage limit reached\. It will reset in .+|Free usage exceeded, subscribe to Go.*|You exceeded your current quota.*)$/;
const RESET_IN = /It will reset in (.+?)\./;
const UNIT_MS: Record<string, number> = { day: 86_400_000, hour: 3_600_000, minute: 60_000 };

export function recognizeOpencodeLimit(text: string, now: number): UsageLimit | null {
  const found = lastMatchingLine(text, LIMIT);
  if (found === undefined) return null;
  const span = RESET_IN.exec(found.line)?.[1];
  const ms = span === undefined ? undefined : durationMs(span);
  return { words: found.line, ...(ms === undefined ? {} : { resetAt: now + ms }) };
}

/** "2 hours 5 minutes", "1 day", "less than a minute" → ms (minutes were rounded up by opencode). */
function durationMs(span: string): number | undefined {
  if (span.trim() === "less than a minute") return 60_000;
  const parts = [...span.matchAll(/(\d+) (day|hour|minute)s?/g)];
  if (parts.length === 0) return undefined;
  return parts.reduce((sum, part) => sum + Number(part[1]) * UNIT_MS[part[2]!]!, 0);
}
