import { describe, expect, it } from "vitest";
import type { CycleReport } from "../../../src/core/daemon/cycle-types.js";
import { readLastCycle } from "../../../src/core/daemon-state/last-cycle.js";
import { nextDelay, runDaemonLoop } from "../../../src/core/daemon/daemon-loop.js";
import { addSession, makeDaemonWorld, recordingCycle, report } from "./daemon-fixture.js";

describe("runDaemonLoop", () => {
  it("runs cycles until the signal aborts and records each as lifecycle.lastCycle", async () => {
    const { ctx, engine } = makeDaemonWorld();
    const { runCycle, calls } = recordingCycle();
    const controller = new AbortController();
    const seen: CycleReport[] = [];
    await runDaemonLoop(ctx, engine, {
      intervalMs: 1,
      signal: controller.signal,
      runCycle,
      onCycle: (cycle) => {
        seen.push(cycle);
        if (seen.length === 3) controller.abort();
      },
    });
    expect(calls).toEqual([undefined, undefined, undefined]);
    expect(readLastCycle(engine.store)).toEqual({ at: seen[2]?.at, durationMs: 1, sessions: 0 });
  });

  it("logs a failing cycle, records the error and keeps going", async () => {
    const { ctx, engine } = makeDaemonWorld();
    const controller = new AbortController();
    let calls = 0;
    await runDaemonLoop(ctx, engine, {
      intervalMs: 1,
      signal: controller.signal,
      runCycle: (context) => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error("scm exploded"));
        controller.abort();
        return Promise.resolve(report(context.clock.now(), 2));
      },
    });
    expect(calls).toBe(2);
    expect(ctx.stderr.text()).toContain("cycle failed: scm exploded");
    expect(readLastCycle(engine.store)?.error).toBeUndefined();
    expect(readLastCycle(engine.store)?.sessions).toBe(2);
  });

  it("records the failure of the last cycle", async () => {
    const { ctx, engine } = makeDaemonWorld();
    const controller = new AbortController();
    await runDaemonLoop(ctx, engine, {
      intervalMs: 1,
      signal: controller.signal,
      runCycle: () => {
        controller.abort();
        return Promise.reject(new Error("no network"));
      },
    });
    expect(readLastCycle(engine.store)?.error).toBe("no network");
  });

  it("with a project, runs each cycle for that project, even while none of its sessions is active", async () => {
    const { ctx, engine } = makeDaemonWorld();
    addSession(engine.store, "app-2", { status: "merged" });
    addSession(engine.store, "tools-1", { project: "tools" });
    const { runCycle, options } = recordingCycle();
    const controller = new AbortController();
    await runDaemonLoop(ctx, engine, {
      intervalMs: 1,
      signal: controller.signal,
      runCycle,
      project: "app",
      onCycle: () => controller.abort(),
    });
    // The cycle picks the project's active sessions itself; its retries and plans run meanwhile.
    expect(options).toEqual([{ project: "app" }]);
  });
});

describe("nextDelay (fixed rate)", () => {
  it("waits out the rest of the interval, counted from the start of the cycle", () => {
    expect(nextDelay(10_000, 10_300, 1_000)).toBe(700);
    expect(nextDelay(10_000, 10_000, 1_000)).toBe(1_000);
  });

  it("starts the next cycle at once when the last one took the whole interval or longer", () => {
    expect(nextDelay(10_000, 11_000, 1_000)).toBe(0);
    expect(nextDelay(10_000, 12_500, 1_000)).toBe(0);
  });
});

describe("runDaemonLoop timing", () => {
  it("sleeps the interval minus each cycle's duration, and not at all after an overrun", async () => {
    const world = makeDaemonWorld();
    let now = 50_000;
    const ctx = { ...world.ctx, clock: { now: () => now } };
    const durations = [300, 1_000, 2_500, 0];
    const delays: number[] = [];
    const controller = new AbortController();
    let cycles = 0;
    await runDaemonLoop(ctx, world.engine, {
      intervalMs: 1_000,
      signal: controller.signal,
      runCycle: (context) => {
        now += durations[cycles] ?? 0;
        cycles += 1;
        if (cycles === durations.length) controller.abort();
        return Promise.resolve(report(context.clock.now(), 0));
      },
      sleep: (ms) => {
        delays.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    expect(cycles).toBe(4);
    expect(delays).toEqual([700, 0, 0, 1_000]);
  });
});
