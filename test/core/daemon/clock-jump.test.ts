import { describe, expect, it } from "vitest";
import {
  CLOCK_JUMP_THRESHOLD_MS,
  createClockJumpWatch,
  describeClockJump,
} from "../../../src/core/daemon/clock-jump.js";

/** A clock a test moves: the wall clock and the monotonic one each by hand. */
function controlledClock() {
  const time = { wall: 1_800_000_000_000, mono: 5_000 };
  return {
    clock: { now: () => time.wall, monotonic: () => time.mono },
    /** Both clocks move alike: time passed while the machine ran. */
    run(ms: number) {
      time.wall += ms;
      time.mono += ms;
    },
    /** Only the wall clock moves: the machine slept (or the clock was set). */
    setWall(ms: number) {
      time.wall += ms;
    },
  };
}

describe("createClockJumpWatch", () => {
  it("says nothing on the first look, on normal ticks, or after a slow cycle", () => {
    const time = controlledClock();
    const jumped = createClockJumpWatch(time.clock);
    expect(jumped()).toBeUndefined();
    for (let tick = 0; tick < 5; tick++) {
      time.run(30_000);
      expect(jumped()).toBeUndefined();
    }
    // A cycle that took 20 minutes: both clocks moved 20 minutes.
    time.run(20 * 60_000);
    expect(jumped()).toBeUndefined();
    // NTP's small corrections are no jump either.
    time.run(30_000);
    time.setWall(CLOCK_JUMP_THRESHOLD_MS);
    expect(jumped()).toBeUndefined();
  });

  it("notices a sleep (the wall clock ran ahead) and a clock set back, each once", () => {
    const time = controlledClock();
    const jumped = createClockJumpWatch(time.clock);
    jumped();
    time.run(30_000);
    time.setWall(45 * 60_000);
    const jump = jumped();
    expect(jump).toEqual({ direction: "forward", skewMs: 45 * 60_000 });
    expect(describeClockJump(jump!)).toBe("the clock jumped 45 min forward (the machine slept?)");
    time.run(30_000);
    expect(jumped()).toBeUndefined();
    time.run(30_000);
    time.setWall(-10 * 60_000);
    expect(jumped()).toEqual({ direction: "backward", skewMs: 10 * 60_000 });
  });

  it("reads performance.now() when the clock has no monotonic side", () => {
    let wall = 1_800_000_000_000;
    const jumped = createClockJumpWatch({ now: () => wall });
    jumped();
    wall += 60 * 60_000;
    expect(jumped()?.direction).toBe("forward");
  });
});
