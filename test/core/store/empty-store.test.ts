import { existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runRepairs } from "../../../src/core/doctor/repairs/run-repairs.js";
import { checkStore } from "../../../src/core/doctor/check-store.js";
import {
  allocateSessionId,
  backupStore,
  closeStore,
  insertSession,
  listSessions,
  listStoreBackups,
  MAX_STORE_BACKUPS,
  openStore,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { aoErrorOf } from "../../helpers/tmpfs.js";

function addSession(store: Store): string {
  return writeTransaction(store, (tx) => {
    const id = allocateSessionId(tx, "app");
    insertSession(
      tx,
      {
        id,
        project: "app",
        branch: `feat/${id}`,
        worktree: `/wt/${id}`,
        runtime: "tmux",
        agent: "claude-code",
      },
      sessionCreated({ branch: `feat/${id}`, runtime: "tmux", agent: "claude-code" }),
    );
    return id;
  });
}

function freshHome() {
  return makeTestContext({ home: join(makeTempDir("ao-store-"), "home") });
}

describe("an empty ao.db", () => {
  it("is refused with the way out, and neither it nor the WAL beside it is touched", () => {
    const ctx = freshHome();
    closeStore(openStore(ctx));
    truncateSync(ctx.paths.database, 0);
    writeFileSync(`${ctx.paths.database}-wal`, "frames");
    const error = aoErrorOf(() => openStore(ctx));
    expect(error.code).toBe("E_STORE_CORRUPT");
    expect(error.message).toContain(`${ctx.paths.database} is empty (0 bytes)`);
    expect(error.hint).toContain("ao doctor --fix");
    expect(statSync(ctx.paths.database).size).toBe(0);
    expect(readFileSync(`${ctx.paths.database}-wal`, "utf8")).toBe("frames");
    expect(checkStore(ctx).status).toBe("fail");
  });

  it("a new AO_HOME (no ao.db at all) still starts fresh, and leaves no temporary file", () => {
    const ctx = freshHome();
    const store = openStore(ctx);
    expect(listSessions(store)).toEqual([]);
    closeStore(store);
    expect(readdirSync(ctx.paths.home).filter((name) => name.includes(".new-"))).toEqual([]);
    expect(statSync(ctx.paths.database).size).toBeGreaterThan(0);
  });

  it("`ao doctor --fix` restores the newest backup and keeps the empty file aside", async () => {
    const ctx = freshHome();
    const store = openStore(ctx);
    const id = addSession(store);
    for (let i = 0; i <= MAX_STORE_BACKUPS; i++)
      await backupStore(store, ctx.paths, 1_700_000_000_000 + i * 1000);
    expect(await listStoreBackups(ctx.paths)).toHaveLength(MAX_STORE_BACKUPS);
    closeStore(store);
    truncateSync(ctx.paths.database, 0);
    const planned = await runRepairs(ctx, false);
    expect(planned.map((r) => r.status)).toEqual(["planned"]);
    const [fixed] = await runRepairs(ctx, true);
    expect(fixed?.status).toBe("fixed");
    const restored = openStore(ctx);
    expect(listSessions(restored).map((s) => s.id)).toEqual([id]);
    // The next id does not collide with the session (and worktree) that survived.
    expect(addSession(restored)).not.toBe(id);
    closeStore(restored);
    const aside = readdirSync(ctx.paths.home).filter((name) => name.startsWith("ao.db.empty-"));
    expect(aside).toHaveLength(1);
  });

  it("without a backup, --fix moves it aside only with --move-aside-store", async () => {
    const ctx = freshHome();
    closeStore(openStore(ctx));
    truncateSync(ctx.paths.database, 0);
    expect(await runRepairs(ctx, true)).toEqual([]);
    expect(statSync(ctx.paths.database).size).toBe(0);
    const [moved] = await runRepairs(ctx, true, { moveAsideStore: true });
    expect(moved?.status).toBe("fixed");
    expect(existsSync(ctx.paths.database)).toBe(false);
    closeStore(openStore(ctx));
  });
});
