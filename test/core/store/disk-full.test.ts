import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDaemonLock } from "../../../src/core/daemon/daemon-lock.js";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const mounts: string[] = [];

afterEach(() => {
  for (const dir of mounts.splice(0)) spawnSync("umount", ["-l", dir]);
});

/** A real 1 MiB tmpfs (root only); undefined where mounting is not allowed. */
function smallDisk(): string | undefined {
  const dir = makeTempDir("ao-disk-");
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]);
  if (mounted.status !== 0) return undefined;
  mounts.push(dir);
  return dir;
}

function fill(dir: string): void {
  spawnSync("dd", ["if=/dev/zero", `of=${join(dir, "filler")}`, "bs=4k"]);
}

function caught(run: () => unknown): AoError {
  try {
    run();
  } catch (error) {
    if (isAoError(error)) return error;
    throw error;
  }
  throw new Error("expected an AoError");
}

const canMount = ((probe) => {
  if (probe !== undefined) spawnSync("umount", ["-l", mounts.pop() as string]);
  return probe !== undefined;
})(smallDisk());

describe.skipIf(!canMount)("a full disk under AO_HOME (a real tmpfs)", () => {
  it("a store write names the file, the reason and what was kept", () => {
    const disk = smallDisk() as string;
    const ctx = makeTestContext({ home: join(disk, "home") });
    const store = openStore(ctx);
    fill(disk);
    const error = caught(() =>
      writeTransaction(store, (tx) => {
        for (let i = 0; i < 200; i++)
          insertSession(
            tx,
            {
              id: `app-${i}`,
              project: "app",
              branch: "b".repeat(2000),
              worktree: `/wt/${i}`,
              runtime: "tmux",
              agent: "a",
            },
            sessionCreated({ branch: "b", runtime: "tmux", agent: "a" }),
          );
      }),
    );
    closeStore(store);
    expect(error.code).toBe("E_STORE_FAILED");
    expect(error.message).toContain(`could not write ${ctx.paths.database}: the disk is full (SQLITE_FULL`);
    expect(error.message).toContain("kept: the database as of its last completed change");
  });

  it("taking the daemon lock names the lock file instead of crashing", () => {
    const disk = smallDisk() as string;
    mkdirSync(join(disk, "home"));
    writeFileSync(join(disk, "home", "daemon.lock"), "");
    fill(disk);
    const error = caught(() => acquireDaemonLock(join(disk, "home", "daemon.lock"), 0));
    expect(error.message).toContain(`could not write ${join(disk, "home", "daemon.lock")}: the disk is full`);
    expect(error.details).toMatchObject({ code: "SQLITE_FULL" });
  });
});
