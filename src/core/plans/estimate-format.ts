import type { Quartiles } from "./estimate-types.js";

/**
 * How estimates read, the same in the terminal (`ao plan show`), on the dashboard's approval bar
 * and in the control plane's answer to a proposal. No imports but types: the page bundles it too.
 */

/** `1h20m`, `45m`, `30s`: a duration as people read it. */
export function humanDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 0) return `${Math.round(ms / 1000)}s`;
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes}m` : `${hours}h${minutes % 60 === 0 ? "" : `${minutes % 60}m`}`;
}

/** `$4.20`. */
export const usd = (value: number): string => `$${value.toFixed(2)}`;

/** A range, or "unknown": never an invented number. */
export function quartileRange(value: Quartiles | null, unit: (n: number) => string): string {
  return value === null ? "unknown" : `${unit(value.p25)}–${unit(value.p75)}`;
}

/** `$4.00–$8.00 (partial: 1 of 3 tickets unknown)`: the plan's total cost. */
export function costTotalText(
  cost: {
    usd: Quartiles | null;
    partial: boolean;
    estimable: number;
  },
  tickets: number,
): string {
  const partial = cost.partial ? ` (partial: ${tickets - cost.estimable} of ${tickets} tickets unknown)` : "";
  return `${quartileRange(cost.usd, usd)}${partial}`;
}

/** `40m–1h20m along A → B (partial)`: the plan's duration on its critical path. */
export function durationTotalText(duration: {
  path: readonly string[];
  ms: Quartiles | null;
  partial: boolean;
}): string {
  const along = duration.path.length > 0 ? ` along ${duration.path.join(" → ")}` : "";
  return `${quartileRange(duration.ms, humanDuration)}${along}${duration.partial ? " (partial)" : ""}`;
}
