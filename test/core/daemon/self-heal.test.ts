import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDaemonLog } from "../../../src/core/daemon/daemon-log.js";
import { createSelfHeal, RECOVERY_BACKOFF_MS } from "../../../src/core/daemon/self-heal.js";
import { listEvents, updateSession, writeTransaction } from "../../../src/core/store/index.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession, defaultYaml, makeDaemonWorld } from "./daemon-fixture.js";

/**
 * The daemon's recovery decisions with a controlled clock (wall and monotonic moved by hand): whom
 * it tries to restore, and that a recovery which failed is not repeated at once. The restore
 * itself is restore-all's, tested through the built ao (test/e2e/daemon-self-heal.test.ts).
 */
function world() {
  const { ctx, engine } = makeDaemonWorld();
  writeFileSync(engine.config.path, defaultYaml()); // restore-all reads the configuration again
  const time = { wall: 1_800_000_000_000, mono: 1_000 };
  const clocked = { ...ctx, clock: { now: () => time.wall, monotonic: () => time.mono } };
  const selfHeal = createSelfHeal(clocked, engine, createDaemonLog(clocked), undefined);
  const sleep = (ms: number) => {
    time.mono += 1_000;
    time.wall += 1_000 + ms;
  };
  const recovered = () =>
    listEvents(engine.store, { type: "daemon.recovered" }).map((event) => event.payload);
  return { ctx, engine, time, selfHeal, sleep, recovered };
}

describe("the daemon's self-heal", () => {
  it("on a clock jump tries the live sessions only, and not again before its back-off", async () => {
    const { ctx, engine, time, selfHeal, sleep, recovered } = world();
    // A project no longer configured: its restore fails, as a restore can.
    addSession(engine.store, "old-1", { project: "retired" });
    for (const id of ["app-2", "app-3"]) addSession(engine.store, id);
    writeTransaction(engine.store, (tx) => {
      updateSession(tx, "app-2", { status: "killed" }, statusChanged("working", "killed"));
      updateSession(tx, "app-3", { status: "exited" }, statusChanged("working", "exited"));
    });
    await selfHeal.beforeCycle();
    time.mono += 30_000;
    time.wall += 30_000;
    await selfHeal.beforeCycle();
    expect(recovered()).toEqual([]);

    sleep(40 * 60_000);
    await selfHeal.beforeCycle();
    expect(recovered()).toEqual([
      {
        trigger: "clock-jump",
        why: "the clock jumped 40 min forward (the machine slept?)",
        restored: [],
        failed: [expect.objectContaining({ sessionId: "old-1" })],
        running: [],
        nextAttemptAt: time.wall + RECOVERY_BACKOFF_MS,
      },
    ]);

    sleep(40 * 60_000);
    await selfHeal.beforeCycle();
    expect(recovered()).toHaveLength(1);
    expect(ctx.stderr.text()).toContain("not restoring again so soon after a failed recovery");

    time.mono += RECOVERY_BACKOFF_MS;
    time.wall += RECOVERY_BACKOFF_MS;
    sleep(40 * 60_000);
    await selfHeal.beforeCycle();
    expect(recovered()).toHaveLength(2);
  });

  it("records no recovery when nothing is recorded live: the sessions were killed before the jump", async () => {
    const { engine, ctx, selfHeal, sleep, recovered } = world();
    addSession(engine.store, "app-1");
    await selfHeal.beforeCycle();
    writeTransaction(engine.store, (tx) =>
      updateSession(tx, "app-1", { status: "killed" }, statusChanged("working", "killed")),
    );
    sleep(40 * 60_000);
    expect(await selfHeal.beforeCycle()).toBeUndefined();
    expect(recovered()).toEqual([]);
    expect(ctx.stderr.text()).toContain("no session recorded live to restore");
  });
});
