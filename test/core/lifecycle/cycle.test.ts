import { describe, expect, it } from "vitest";
import { createCycle } from "../../../src/core/lifecycle/cycle.js";
import type { CycleScope, CycleStep } from "../../../src/core/lifecycle/cycle-scope.js";
import {
  CYCLE_STEPS,
  advanceTurns,
  decideProjects,
  deliverDueReactions,
  settleDeliveredReactions,
  readUsage,
} from "../../../src/core/lifecycle/cycle-steps.js";
import { advancePlans } from "../../../src/core/lifecycle/cycle-plans.js";
import { openLifecycleEngine } from "../../../src/core/lifecycle/index.js";
import { watchBudgets } from "../../../src/core/lifecycle/watch-budgets.js";
import { watchLimits } from "../../../src/core/lifecycle/watch-limits.js";
import { watchConflicts } from "../../../src/core/lifecycle/watch-conflicts.js";
import { advanceTrains } from "../../../src/core/lifecycle/watch-trains.js";
import { readLastCycle } from "../../../src/core/daemon-state/last-cycle.js";
import type { PluginDefinition } from "../../../src/core/registry/define-plugin.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

describe("a lifecycle cycle as one object", () => {
  it("runs its steps in order over one scope and builds its report from what they return", async () => {
    const f = makeLifecycleFixture();
    const first = await f.addSession();
    const second = await f.addSession();
    const engine = await f.engine();
    const seen: { step: string; scope: CycleScope }[] = [];
    const step =
      (name: string, result: Awaited<ReturnType<CycleStep>>): CycleStep =>
      (scope) => {
        seen.push({ step: name, scope });
        return Promise.resolve(result);
      };
    const cycle = createCycle(f.ctx, engine, { sessionIds: [second.id] }, [
      step("decide", { events: 2, planned: 1, errors: ["app-2: one thing"] }),
      step("catch up", { events: 1 }),
      step("deliver", { delivered: 1, failed: 1, escalated: 1, errors: ["r1: another"] }),
    ]);
    f.clock.advance(5);
    const report = await cycle.run();

    expect(seen.map((entry) => entry.step)).toEqual(["decide", "catch up", "deliver"]);
    const scope = seen[0]!.scope;
    expect(seen.every((entry) => entry.scope === scope)).toBe(true);
    expect(scope).toMatchObject({ at: cycle.at, store: engine.store, options: { sessionIds: [second.id] } });
    expect(scope.sessions.map((session) => session.id)).toEqual([second.id]);
    expect(scope.sessions.map((session) => session.id)).not.toContain(first.id);
    expect(report).toEqual({
      at: cycle.at,
      durationMs: 5,
      sessions: 1,
      events: 3,
      planned: 1,
      delivered: 1,
      failed: 1,
      escalated: 1,
      errors: ["app-2: one thing", "r1: another"],
    });
    expect(readLastCycle(engine.store)).toEqual({
      at: cycle.at,
      durationMs: 5,
      sessions: 1,
      error: "app-2: one thing; r1: another",
    });
  });

  it("reports a step that throws and still runs the next one", async () => {
    const f = makeLifecycleFixture();
    let delivered = false;
    const report = await createCycle(f.ctx, await f.engine(), {}, [
      () => Promise.reject(new Error("the store is busy")),
      () => {
        delivered = true;
        return Promise.resolve({ delivered: 1 });
      },
    ]).run();
    expect(delivered).toBe(true);
    expect(report).toMatchObject({ delivered: 1, errors: ["the store is busy"] });
    expect(f.ctx.logger.records).toContainEqual(
      expect.objectContaining({ level: "warn", data: { error: "the store is busy" } }),
    );
  });

  it("runs no step when its scope cannot open, and says why", async () => {
    const f = makeLifecycleFixture();
    await f.addSession();
    // A catalog without the lifecycle plugin: the scope cannot open.
    const ctx = { ...f.ctx, catalog: { ...f.ctx.catalog, lifecycle: {} } };
    const engine = await openLifecycleEngine(ctx, {});
    let ran = false;
    const report = await createCycle(ctx, engine, {}, [
      () => {
        ran = true;
        return Promise.resolve({});
      },
    ]).run();
    expect(ran).toBe(false);
    expect(report.sessions).toBe(0);
    expect(report.errors).toEqual([expect.stringContaining("lifecycle")]);
    expect(readLastCycle(engine.store)?.error).toContain("lifecycle");
    engine.close();
  });

  it("decides a project's sessions with the project's own lifecycle plugin (`lifecycle:`)", async () => {
    const f = makeLifecycleFixture();
    const decided: string[] = [];
    const core = f.ctx.catalog.lifecycle["core"]!;
    const watching = async () => {
      const { plugin } = (await core()) as { plugin: PluginDefinition<"lifecycle"> };
      return {
        plugin: {
          ...plugin,
          name: "watching",
          create: async (options: unknown, ctx: Parameters<typeof plugin.create>[1]) => {
            const inner = await plugin.create(options, ctx);
            return {
              decide: (...args: Parameters<typeof inner.decide>) => {
                decided.push(args[0].sessionId);
                return inner.decide(...args);
              },
            };
          },
        },
      };
    };
    f.writeConfig("lifecycle: watching");
    const ctx = { ...f.ctx, catalog: { ...f.ctx.catalog, lifecycle: { core, watching } } };
    const session = await f.addSession();
    const engine = await openLifecycleEngine(ctx, {});
    const report = await createCycle(ctx, engine, {}).run();
    expect(report.errors).toEqual([]);
    expect(decided).toEqual([session.id]);
    engine.close();
  });

  it("runs once: the next cycle is a new object with its own time", async () => {
    const f = makeLifecycleFixture();
    const cycle = createCycle(f.ctx, await f.engine(), {}, []);
    await cycle.run();
    await expect(cycle.run()).rejects.toThrow("a lifecycle cycle runs once");
  });

  it("watches budgets and limits before deciding (so a hold is seen this cycle), runs the conflict radar on the decided sessions, reads usage before anything is handed out, advances plans, delivers, advances turns after the reactions (a cancelled one drops its turn first), moves the merge trains once the turns have, then settles the reactions whose turns it just delivered", () => {
    expect(CYCLE_STEPS).toEqual([
      watchBudgets,
      watchLimits,
      decideProjects,
      watchConflicts,
      readUsage,
      advancePlans,
      deliverDueReactions,
      advanceTurns,
      advanceTrains,
      settleDeliveredReactions,
    ]);
  });
});
