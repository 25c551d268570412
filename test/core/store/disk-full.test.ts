import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDaemonLock } from "../../../src/core/daemon-state/daemon-lock.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { aoErrorOf, canMountTmpfs, fillDisk, mountTmpfs } from "../../helpers/tmpfs.js";

const canMount = canMountTmpfs();

describe.skipIf(!canMount)("a full disk under AO_HOME (a real tmpfs)", () => {
  it("a store write names the file, the reason and what was kept", () => {
    const disk = mountTmpfs("1m") as string;
    const ctx = makeTestContext({ home: join(disk, "home") });
    const store = openStore(ctx);
    fillDisk(disk);
    const error = aoErrorOf(() =>
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
    const disk = mountTmpfs("1m") as string;
    mkdirSync(join(disk, "home"));
    writeFileSync(join(disk, "home", "daemon.lock"), "");
    fillDisk(disk);
    const error = aoErrorOf(() => acquireDaemonLock(join(disk, "home", "daemon.lock"), 0));
    expect(error.message).toContain(`could not write ${join(disk, "home", "daemon.lock")}: the disk is full`);
    expect(error.details).toMatchObject({ code: "SQLITE_FULL" });
  });
});
