import { spawnSync } from "node:child_process";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { REPO_LOCK_FILE, withRepoLock } from "../../../src/plugins/_shared/git-lock.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";

function setUp(): { repo: string; lockPath: string; ctx: ReturnType<typeof makeTestContext> } {
  const { dir } = makeTestRepo();
  return { repo: dir, lockPath: join(dir, ".git", REPO_LOCK_FILE), ctx: makeTestContext() };
}

function writeForeignLock(lockPath: string, pid: number): void {
  writeFileSync(lockPath, JSON.stringify({ pid, host: hostname(), token: "someone-else", acquiredAt: 0 }));
}

describe("withRepoLock", () => {
  it("lets one section in at a time and releases the lock afterwards", async () => {
    const { repo, lockPath, ctx } = setUp();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withRepoLock(ctx, repo, async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(10);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(existsSync(lockPath)).toBe(false);
  });

  it("keeps the lock in the common dir, so a worktree and its repository share it", async () => {
    const { repo, lockPath, ctx } = setUp();
    const seen = await withRepoLock(ctx, repo, () => Promise.resolve(existsSync(lockPath)));
    expect(seen).toBe(true);
  });

  it("releases the lock when the section throws", async () => {
    const { repo, lockPath, ctx } = setUp();
    await expect(withRepoLock(ctx, repo, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(existsSync(lockPath)).toBe(false);
  });

  it("breaks a lock whose owner process is gone", async () => {
    const { repo, lockPath, ctx } = setUp();
    const finished = spawnSync(process.execPath, ["-e", ""]);
    writeForeignLock(lockPath, finished.pid ?? 0);
    expect(await withRepoLock(ctx, repo, () => Promise.resolve("got it"), { waitMs: 30_000 })).toBe("got it");
  });

  it("breaks a lock whose heartbeat stopped even if the pid is alive (reused pid)", async () => {
    const { repo, lockPath, ctx } = setUp();
    writeForeignLock(lockPath, process.pid);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(lockPath, longAgo, longAgo);
    expect(await withRepoLock(ctx, repo, () => Promise.resolve("got it"), { waitMs: 30_000 })).toBe("got it");
  });

  it("waits for a live owner and gives up with E_LOCK_TIMEOUT naming it", async () => {
    const { repo, lockPath, ctx } = setUp();
    writeForeignLock(lockPath, process.pid);
    const error: unknown = await withRepoLock(ctx, repo, () => Promise.resolve(), { waitMs: 300 }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AoError);
    expect((error as AoError).code).toBe("E_LOCK_TIMEOUT");
    expect((error as AoError).message).toContain(`pid ${String(process.pid)}`);
    expect(existsSync(lockPath)).toBe(true); // someone else's lock is left alone
  });
});
