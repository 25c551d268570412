import { describe, expect, it } from "vitest";
import type { CycleReport } from "../../../src/core/daemon/cycle-types.js";
import { readLastCycle } from "../../../src/core/daemon/daemon-cycle.js";
import { runDaemonLoop } from "../../../src/core/daemon/daemon-loop.js";
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

  it("with a project, asks for that project's active sessions only", async () => {
    const { ctx, engine } = makeDaemonWorld();
    addSession(engine.store, "app-1");
    addSession(engine.store, "app-2", { status: "merged" });
    addSession(engine.store, "tools-1", { project: "tools" });
    const { runCycle, calls } = recordingCycle();
    const controller = new AbortController();
    await runDaemonLoop(ctx, engine, {
      intervalMs: 1,
      signal: controller.signal,
      runCycle,
      project: "app",
      onCycle: () => controller.abort(),
    });
    expect(calls).toEqual([["app-1"]]);
  });
});
