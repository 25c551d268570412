/**
 * Durations in the config are short human strings (`45s`, `30m`, `2h`, `1d`), never bare numbers:
 * a bare number in `escalateAfter` means an attempt count, so the unit must always be written.
 */
export const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)$/;

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** `"30m"` → 1_800_000. Throws on anything the config schema would have rejected. */
export function parseDuration(text: string): number {
  const match = DURATION_PATTERN.exec(text);
  if (!match) throw new TypeError(`not a duration: ${JSON.stringify(text)} (expected e.g. 45s, 30m, 2h)`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** 1_800_000 → `"30m"`: the largest unit that divides `ms` exactly, so parseDuration gives it back. */
export function formatDuration(ms: number): string {
  const units = Object.entries(UNIT_MS).sort(([, a], [, b]) => b - a);
  const [unit, size] = units.find(([, size]) => ms % size === 0) ?? ["ms", 1];
  return `${ms / size}${unit}`;
}
