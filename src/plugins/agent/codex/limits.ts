import type { UsageLimit } from "../../../core/plugin-api.js";
import { lastMatchingLine } from "../_shared/limit-lines.js";
import {
  endOfMinute,
  localTimeZone,
  nextClockTime,
  nextDate,
  parseClock,
  parseMonth,
} from "../_shared/reset-time.js";

/**
 * Codex's limit messages (0.171.0, test/fixtures/agents/codex/limits/): "You've hit your usage
 * limit." with "Try again at <time>." or "…, or try again at <time>." when the server gave a reset;
 * "Usage limit reached." in the TUI's banner. The time is chrono's local time, "%-I:%M %p" the
 * same day ("3:04 PM"), else "%b %-d<st|nd|rd|th>, %Y %-I:%M %p" ("Dec 3rd, 2026 9:15 AM"); no zone
 * is printed, so it is the machine's. Seconds are dropped: the limit lasts the minute out (endOfMinute).
 */
const LIMIT = /(You've hit your usage limit.*|You've reached your usage limit.*|Usage limit reached\..*)$/;
const TRY_AGAIN = /[Tt]ry again at (.+?)\.?$/;

export function recognizeCodexLimit(text: string, now: number): UsageLimit | null {
  const found = lastMatchingLine(text, LIMIT);
  if (found === undefined) return null;
  const when = TRY_AGAIN.exec(found.line)?.[1];
  const printed = when === undefined ? undefined : codexResetTime(when, now);
  const resetAt = printed === undefined ? undefined : endOfMinute(printed);
  return { words: found.line, ...(resetAt === undefined ? {} : { resetAt }) };
}

function codexResetTime(when: string, now: number): number | undefined {
  const zone = localTimeZone();
  const clock = parseClock(when);
  if (clock !== undefined) return nextClockTime(now, zone, clock);
  const dated = /^([A-Za-z]{3}) (\d{1,2})(?:st|nd|rd|th)?, (\d{4}) (.+)$/.exec(when.trim());
  if (dated === null) return undefined;
  const month = parseMonth(dated[1]!);
  const time = parseClock(dated[4]!);
  if (month === undefined || time === undefined) return undefined;
  return nextDate(now, zone, { month, day: Number(dated[2]), year: Number(dated[3]) }, time);
}
