import type { UsageLimit } from "../../../core/plugin-api.js";
import { lastMatchingLine, linesAfter } from "../_shared/limit-lines.js";
import { endOfMinute, localTimeZone, nextClockTime, parseClock } from "../_shared/reset-time.js";

/**
 * Gemini CLI's limit messages (0.61.0, test/fixtures/agents/gemini/limits/): "Usage limit reached
 * for <model>." and, when the API gave a retry delay, on the next line "Access resets at <time>."
 * — `Intl.DateTimeFormat("en-US", { hour, minute: "2-digit", timeZoneName: "short" })` of now +
 * the delay ("3:04 PM UTC"): the machine's zone, by its short name. Also the daily-quota 429
 * ("You have exhausted your daily quota on this model."), which prints no time. Seconds are
 * dropped: the limit lasts the minute out (endOfMinute).
 */
const LIMIT = /(Usage limit reached for .+|You have exhausted your daily quota.*)$/;
const RESETS = /^Access resets at (\d{1,2}:\d{2}\s*[AP]M)(?:\s+(\S+))?\.?$/i;

export function recognizeGeminiLimit(text: string, now: number): UsageLimit | null {
  const found = lastMatchingLine(text, LIMIT);
  if (found === undefined) return null;
  const next = linesAfter(text, found.line, 2).find((line) => RESETS.test(line));
  const words = next === undefined ? found.line : `${found.line} ${next}`;
  const match = next === undefined ? null : RESETS.exec(next);
  const clock = match === null ? undefined : parseClock(match[1]!);
  if (clock === undefined) return { words };
  return { words, resetAt: endOfMinute(nextClockTime(now, zoneOf(match?.[2]), clock)) };
}

/** UTC, GMT and GMT±h[:mm] by their offset; any other short name is the machine's own zone. */
function zoneOf(short: string | undefined): string {
  if (short === undefined) return localTimeZone();
  if (/^(UTC|GMT)$/i.test(short)) return "UTC";
  const offset = /^(?:UTC|GMT)([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(short);
  if (offset === null || offset[3] !== undefined) return localTimeZone();
  // Etc/GMT zones have the POSIX sign: GMT+2 is Etc/GMT-2.
  const hours = Number(offset[2]);
  return hours === 0 ? "UTC" : `Etc/GMT${offset[1] === "+" ? "-" : "+"}${hours}`;
}
