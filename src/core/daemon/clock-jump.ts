import { monotonicNow, type Clock } from "../clock.js";

/**
 * How far the wall clock may drift from the monotonic one between two looks before the daemon
 * calls it a jump: two minutes. A slow cycle or a long poll interval moves both clocks alike and
 * never comes near it; NTP's corrections are seconds; a suspend of the machine (the monotonic clock
 * stops, the wall clock does not) or a clock set back by hand is minutes or more.
 */
export const CLOCK_JUMP_THRESHOLD_MS = 120_000;

export interface ClockJump {
  readonly direction: "forward" | "backward";
  /** How much more (forward) or less (backward) the wall clock moved than the monotonic one, in ms. */
  readonly skewMs: number;
}

/**
 * Compares each look with the one before: the wall clock (`clock.now`) against the monotonic one
 * (`clock.monotonic`), so it needs no expected interval and a slow cycle is not a jump. The first
 * look only remembers.
 */
export function createClockJumpWatch(
  clock: Clock,
  thresholdMs: number = CLOCK_JUMP_THRESHOLD_MS,
): () => ClockJump | undefined {
  let last: { wall: number; mono: number } | undefined;
  return () => {
    const now = { wall: clock.now(), mono: monotonicNow(clock) };
    const before = last;
    last = now;
    if (before === undefined) return undefined;
    const skewMs = now.wall - before.wall - (now.mono - before.mono);
    if (Math.abs(skewMs) <= thresholdMs) return undefined;
    return { direction: skewMs > 0 ? "forward" : "backward", skewMs: Math.abs(skewMs) };
  };
}

/** "the clock jumped 12 min forward (the machine slept?)", for the daemon log and the event. */
export function describeClockJump(jump: ClockJump): string {
  const minutes = Math.round(jump.skewMs / 60_000);
  const why = jump.direction === "forward" ? "the machine slept?" : "the clock was set back?";
  return `the clock jumped ${minutes} min ${jump.direction} (${why})`;
}
