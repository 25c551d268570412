import { describe, expect, it } from "vitest";
import { CycleQueue } from "../../../src/core/daemon/cycle-queue.js";
import type { CycleOptions, CycleReport } from "../../../src/core/daemon/cycle-types.js";
import { report } from "./daemon-fixture.js";

/** A cycle that stays in flight until the test releases it. */
function gatedRunner() {
  const started: CycleOptions[] = [];
  const gates: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run = async (options: CycleOptions): Promise<CycleReport> => {
    started.push(options);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((resolve) => gates.push(resolve));
    inFlight -= 1;
    return report(started.length, options.sessionIds?.length ?? -1);
  };
  const releaseNext = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { run, started, releaseNext, maxInFlight: () => maxInFlight };
}

describe("CycleQueue", () => {
  it("never overlaps cycles and merges requests made during one into a single next cycle", async () => {
    const runner = gatedRunner();
    const queue = new CycleQueue(runner.run);
    const first = queue.request(["app-1"]);
    const second = queue.request(["app-2"]);
    const third = queue.request(["app-3", "app-2"]);
    await runner.releaseNext();
    expect((await first)?.sessions).toBe(1);
    await runner.releaseNext();
    const [a, b] = await Promise.all([second, third]);
    expect(a).toBe(b);
    expect(runner.started).toEqual([{ sessionIds: ["app-1"] }, { sessionIds: ["app-2", "app-3"] }]);
    expect(runner.maxInFlight()).toBe(1);
  });

  it("lets a full cycle absorb session requests queued with it", async () => {
    const runner = gatedRunner();
    const queue = new CycleQueue(runner.run);
    void queue.request();
    const specific = queue.request(["app-1"]);
    const full = queue.request();
    await runner.releaseNext();
    await runner.releaseNext();
    expect(await specific).toBe(await full);
    expect(runner.started).toEqual([{}, {}]);
  });

  it("keeps a webhook's fresh through the batch it joins, even a full one", async () => {
    const runner = gatedRunner();
    const queue = new CycleQueue(runner.run);
    void queue.request();
    void queue.request(["app-1"], { fresh: true });
    void queue.request(["app-2"]);
    await runner.releaseNext();
    await runner.releaseNext();
    void queue.request(["app-3"], { fresh: true });
    void queue.request();
    await runner.releaseNext();
    expect(runner.started).toEqual([{}, { sessionIds: ["app-1", "app-2"], fresh: true }, { fresh: true }]);
  });

  it("finishes the cycle in flight on close and starts no other", async () => {
    const runner = gatedRunner();
    const queue = new CycleQueue(runner.run);
    const inFlight = queue.request();
    const queued = queue.request(["app-1"]);
    const closed = queue.close();
    await runner.releaseNext();
    await closed;
    expect(await inFlight).toBeDefined();
    expect(await queued).toBeUndefined();
    expect(await queue.request()).toBeUndefined();
    expect(runner.started).toHaveLength(1);
  });

  it("survives a cycle that throws", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const queue = new CycleQueue(
      () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error("boom"));
        return Promise.resolve(report(0, 0));
      },
      (error) => errors.push(error),
    );
    expect(await queue.request()).toBeUndefined();
    expect(await queue.request()).toBeDefined();
    expect(errors).toHaveLength(1);
  });
});
