import type { Clock } from "../../../core/plugin-api.js";

export type Sleep = (ms: number) => Promise<void>;

/** Time, injectable: ctx.clock tells the time, `sleep` waits (tests may pass a faster one). */
export interface Waits {
  readonly clock: Clock;
  readonly sleep: Sleep;
}

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PollOptions {
  timeoutMs: number;
  intervalMs: number;
}

/**
 * Calls `probe` until it returns something other than `undefined`, or the time is up (then
 * `undefined`). The probe always runs at least once, so a zero timeout still looks once.
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  options: PollOptions,
  waits: Waits,
): Promise<T | undefined> {
  const deadline = waits.clock.now() + options.timeoutMs;
  for (;;) {
    const result = await probe();
    if (result !== undefined) return result;
    const left = deadline - waits.clock.now();
    if (left <= 0) return undefined;
    await waits.sleep(Math.min(options.intervalMs, left));
  }
}
