import type { UsageLimit } from "../../../core/plugin-api.js";
import { lastMatchingLine } from "../_shared/limit-lines.js";
import {
  endOfMinute,
  isTimeZone,
  localTimeZone,
  nextClockTime,
  nextDate,
  parseClock,
  parseMonth,
} from "../_shared/reset-time.js";

/**
 * Claude Code's limit messages (2.1.197, test/fixtures/agents/claude/limits/): "You've hit your
 * <session limit|weekly limit|Opus limit|usage limit|…>" then " · resets <time> (<IANA zone>)" when
 * the API gave a reset. The time is `toLocaleTimeString("en-US")` lower-cased ("3pm", "3:30pm")
 * within 24 hours, else `toLocaleString` with the month ("Dec 9, 5pm", "Dec 9, 2027, 5pm"), in the
 * zone named in brackets (the machine's, `Intl…resolvedOptions().timeZone`). It drops the seconds
 * of the API's reset (`anthropic-ratelimit-unified-reset`), so the limit lasts to the end of the
 * printed minute (endOfMinute).
 */
const LIMIT =
  /(You've hit your [^·]+?|You're out of usage credits)(?: · resets ([^(]+?) \(([^)]+)\))?(?: · .*)?$/;

/**
 * An HTTP 429 on an API key (recorded from 2.1.332 and 2.1.197, test/fixtures/agents/claude/2.1.332/turns/rate-limited.*
 * and claude/turns/rate-limited.*): while Claude Code retries, its spinner line reads "API error ·
 * retrying in 18s · attempt 1/10" (2.1.332) or "API error · Retrying in 16s · attempt 1/10"
 * (2.1.197; its wait is a duration, "1m 20s" from a minute on and only "5m" from five). The first
 * wait is the API's `retry-after`. 2.1.332 names other errors there ("401 invalid x-api-key ·
 * retrying in …"); 2.1.197 does not: its 401 retries read "API error · Retrying in 11s · attempt
 * 6/10" too (claude/turns/failed-auth.retrying.txt), so for 2.1.197 the line is read as a limit
 * whatever the error was. Before its last attempt 2.1.197 names the error instead ("429 <the API's
 * message> · Retrying in 34s · attempt 10/10", claude/turns/rate-limited.last-attempt.txt). Once it
 * gives up (StopFailure `error: rate_limit`) its words are "API Error: Request rejected (429) · <the
 * API's message>", with no time.
 */
const RETRYING_429 =
  /((?:API error|429 [^·]*?) · [Rr]etrying in ((?:\d+[dhm] )*\d+[dhms]) · attempt \d+\/\d+)/;
const REJECTED_429 = /^(API Error: Request rejected \(429\).*)$/;
const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

export function recognizeClaudeLimit(text: string, now: number): UsageLimit | null {
  const found = lastMatchingLine(text, LIMIT);
  if (found === undefined) return recognizeRateLimit(text, now);
  const [, , when, zone] = found.match;
  const printed = when === undefined ? undefined : claudeResetTime(when, zone ?? "", now);
  const resetAt = printed === undefined ? undefined : endOfMinute(printed);
  return { words: found.line, ...(resetAt === undefined ? {} : { resetAt }) };
}

function claudeResetTime(when: string, zoneName: string, now: number): number | undefined {
  const zone = isTimeZone(zoneName) ? zoneName : localTimeZone();
  const clock = parseClock(when);
  if (clock !== undefined) return nextClockTime(now, zone, clock);
  // "Dec 9, 5pm" or "Dec 9, 2027, 5pm"
  const dated = /^([A-Za-z]{3,9}) (\d{1,2}),(?: (\d{4}),)? (.+)$/.exec(when.trim());
  if (dated === null) return undefined;
  const month = parseMonth(dated[1]!);
  const time = parseClock(dated[4]!);
  if (month === undefined || time === undefined) return undefined;
  const year = dated[3] === undefined ? undefined : Number(dated[3]);
  return nextDate(now, zone, { month, day: Number(dated[2]), year }, time);
}

/** The 429 retry line (held until its wait is over, to the end of the printed second) or the final refusal. */
function recognizeRateLimit(text: string, now: number): UsageLimit | null {
  const retrying = lastMatchingLine(text, RETRYING_429);
  if (retrying !== undefined) {
    const seconds = durationSeconds(retrying.match[2]!);
    return { words: retrying.match[1]!, resetAt: now + (seconds + 1) * 1000 };
  }
  const rejected = lastMatchingLine(text, REJECTED_429);
  return rejected === undefined ? null : { words: rejected.match[1]! };
}

/** Claude Code's printed wait ("18s", "1m 20s", "5m") in seconds. */
function durationSeconds(duration: string): number {
  let seconds = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+)([dhms])/g))
    seconds += Number(amount) * UNIT_SECONDS[unit!]!;
  return seconds;
}
