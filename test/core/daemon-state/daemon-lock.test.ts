import { spawn } from "node:child_process";
import { join } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { acquireDaemonLock, isDaemonLockHeld } from "../../../src/core/daemon-state/daemon-lock.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const SQLITE = createRequire(import.meta.url).resolve("better-sqlite3");

/** Another process that takes the lock the way the daemon does and holds it until killed. */
function holdLockInChild(lockPath: string): Promise<{ kill(): Promise<void> }> {
  const script = `const D = require(${JSON.stringify(SQLITE)}); const db = new D(${JSON.stringify(lockPath)}, { timeout: 0 });
db.exec("BEGIN EXCLUSIVE"); process.stdout.write("locked\\n"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${String(code)}`)));
    child.stdout.once("data", () => {
      child.removeAllListeners("exit");
      resolve({
        kill: () =>
          new Promise<void>((done) => {
            child.once("exit", () => done());
            child.kill("SIGKILL");
          }),
      });
    });
  });
}

describe("daemon lock", () => {
  it("admits one holder at a time, also between connections of one process", () => {
    const lockPath = join(makeTempDir(), "daemon.lock");
    const first = acquireDaemonLock(lockPath, 0);
    expect(first).toBeDefined();
    expect(acquireDaemonLock(lockPath, 0)).toBeUndefined();
    expect(isDaemonLockHeld(lockPath)).toBe(true);
    first?.release();
    expect(isDaemonLockHeld(lockPath)).toBe(false);
    const second = acquireDaemonLock(lockPath, 0);
    expect(second).toBeDefined();
    second?.release();
  });

  it("is free when there is no lock file, and probing creates none", () => {
    const lockPath = join(makeTempDir(), "nested", "daemon.lock");
    expect(isDaemonLockHeld(lockPath)).toBe(false);
    expect(isDaemonLockHeld(lockPath)).toBe(false);
  });

  it("is released by the kernel when the holder is killed with SIGKILL", async () => {
    const lockPath = join(makeTempDir(), "daemon.lock");
    const holder = await holdLockInChild(lockPath);
    expect(acquireDaemonLock(lockPath, 0)).toBeUndefined();
    expect(isDaemonLockHeld(lockPath)).toBe(true);
    await holder.kill();
    const lock = acquireDaemonLock(lockPath, 0);
    expect(lock).toBeDefined();
    lock?.release();
  });
});
