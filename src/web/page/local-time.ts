/**
 * Times as a person reads them: in the browser's own time zone and locale. The server speaks UTC
 * (ISO strings in its answers, epoch milliseconds in event payloads); the page never shows either raw.
 */
export function localTime(at: number | string): string {
  return new Date(at).toLocaleString();
}

const ISO_UTC = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** A refusal's text with every UTC ISO time in it ("rate limited until 2026-…Z") in local time. */
export function localTimesIn(text: string): string {
  return text.replace(ISO_UTC, (iso) => (Number.isNaN(Date.parse(iso)) ? iso : localTime(iso)));
}

/** Milliseconds since 1970 between 2001 and 2286: a payload number of this size is a moment. */
const EPOCH_MS_RANGE = [1e12, 1e13] as const;

/** A payload field that holds a moment (`at`, `dueAt`, `until`, `resetsAt`, `started_at`). */
export function isMomentField(key: string, value: unknown): value is number {
  if (typeof value !== "number" || !Number.isInteger(value)) return false;
  if (value < EPOCH_MS_RANGE[0] || value >= EPOCH_MS_RANGE[1]) return false;
  return /(^at$|At$|_at$|^until$|Until$|^since$|Since$)/.test(key);
}
