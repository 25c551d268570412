/**
 * Reset times as the agent CLIs print them: a wall-clock time ("3:30pm", "3:04 PM"), sometimes with
 * a date ("Dec 9, 5pm", "Dec 3rd, 2026 9:15 AM"), read in a time zone (the one the CLI names, else
 * the machine's, which is what the CLIs format with). Pure: `now` is passed in.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The instant a reset printed to the minute has certainly passed: Claude Code, Codex and Gemini CLI
 * all format the server's reset (seconds) without its seconds, so "3:30pm" is any second of 3:30.
 * Waiting to the minute's end costs under a minute; resuming at its start could meet the limit again
 * and read the same reset as already past.
 */
export function endOfMinute(printed: number): number {
  return printed + MINUTE_MS;
}

/** The machine's time zone, as the CLIs see it (Intl honours TZ). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether Intl knows the zone (an IANA name such as Europe/London, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "3pm", "3:30pm", "3:04 PM" → 24-hour clock; undefined for anything else. */
export function parseClock(text: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i.exec(text.trim());
  if (match === null) return undefined;
  const hour12 = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  if (hour12 < 1 || hour12 > 12 || minute > 59) return undefined;
  const pm = match[3]!.toLowerCase() === "p";
  return { hour: (hour12 % 12) + (pm ? 12 : 0), minute };
}

/** "Dec", "December" → 0-based month; undefined for anything else. */
export function parseMonth(text: string): number | undefined {
  const index = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  return index < 0 ? undefined : index;
}

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich). */
function zoneOffset(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? "0");
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock date and time in `zone` names (DST gaps resolve forwards). */
export function wallClock(
  zone: string,
  date: { year: number; month: number; day: number },
  clock: { hour: number; minute: number },
): number {
  const naive = Date.UTC(date.year, date.month, date.day, clock.hour, clock.minute);
  const first = naive - zoneOffset(naive, zone);
  return naive - zoneOffset(first, zone);
}

/** The calendar date in `zone` at `at`. */
export function dateIn(at: number, zone: string): { year: number; month: number; day: number } {
  const shifted = new Date(at + zoneOffset(at, zone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/**
 * A time of day without a date: the CLIs print one only for a reset within the next 24 hours, so it
 * is the occurrence from an hour ago (a message read a little after it was printed) to 23 hours ahead.
 */
export function nextClockTime(now: number, zone: string, clock: { hour: number; minute: number }): number {
  const today = dateIn(now, zone);
  let at = wallClock(zone, today, clock);
  while (at < now - HOUR_MS) {
    const next = dateIn(at + 24 * HOUR_MS, zone);
    at = wallClock(zone, next, clock);
  }
  return at;
}

/**
 * A month and day without a year: this year's, or next year's when that date is more than a day
 * past (a weekly reset printed in late December for early January).
 */
export function nextDate(
  now: number,
  zone: string,
  date: { month: number; day: number; year?: number | undefined },
  clock: { hour: number; minute: number },
): number {
  const year = date.year ?? dateIn(now, zone).year;
  const at = wallClock(zone, { year, month: date.month, day: date.day }, clock);
  if (date.year !== undefined || at >= now - 24 * HOUR_MS) return at;
  return wallClock(zone, { year: year + 1, month: date.month, day: date.day }, clock);
}
