import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { daemonFiles, writeDaemonInfo } from "../../../src/core/daemon-state/daemon-files.js";
import { acquireDaemonLock } from "../../../src/core/daemon-state/daemon-lock.js";
import { readDaemonStatus } from "../../../src/core/daemon-state/daemon-status.js";
import { stopDaemon } from "../../../src/core/daemon/stop-daemon.js";
import { closeStore, openStore, setMeta, writeTransaction } from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";

const INFO = { pid: 999_999, port: 1234, startedAt: 1, version: "0.0.0" };

describe("readDaemonStatus", () => {
  it("says not running in a fresh AO_HOME and creates nothing", async () => {
    const ctx = makeTestContext();
    expect(await readDaemonStatus(ctx)).toEqual({ running: false });
  });

  it("trusts the lock, not a daemon.json left by a killed daemon", async () => {
    const ctx = makeTestContext();
    const files = daemonFiles(ctx.paths);
    await writeDaemonInfo(files, INFO);
    writeFileSync(files.lock, "");
    expect(await readDaemonStatus(ctx)).toEqual({ running: false });

    const lock = acquireDaemonLock(files.lock, 0);
    expect(await readDaemonStatus(ctx)).toEqual({ running: true, pid: INFO.pid, port: 1234, startedAt: 1 });
    lock?.release();
  });

  it("reports the last cycle from the store", async () => {
    const ctx = makeTestContext();
    const store = openStore(ctx);
    writeTransaction(store, (tx) =>
      setMeta(tx, "lifecycle.lastCycle", JSON.stringify({ at: 5, durationMs: 2, sessions: 3 })),
    );
    closeStore(store);
    expect(await readDaemonStatus(ctx)).toEqual({
      running: false,
      lastCycle: { at: 5, durationMs: 2, sessions: 3 },
    });
  });
});

describe("stopDaemon", () => {
  it("says not running and removes a stale daemon.json without signalling its pid", async () => {
    const ctx = makeTestContext();
    const files = daemonFiles(ctx.paths);
    await writeDaemonInfo(files, INFO);
    expect(await stopDaemon(ctx)).toEqual({ wasRunning: false, waitedMs: 0 });
    expect(await readDaemonStatus(ctx)).toEqual({ running: false });
    const { existsSync } = await import("node:fs");
    expect(existsSync(files.info)).toBe(false);
  });
});
