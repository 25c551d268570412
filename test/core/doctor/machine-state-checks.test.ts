import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDiskSpace } from "../../../src/core/doctor/check-disk-space.js";
import { checkGitIdentity } from "../../../src/core/doctor/check-git-identity.js";
import { checkStoreWritable } from "../../../src/core/doctor/check-store-writable.js";
import { closeStore, openStore } from "../../../src/core/store/index.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { canMountTmpfs, mountTmpfs } from "../../helpers/tmpfs.js";

const canMount = canMountTmpfs();

describe.skipIf(!canMount)("doctor on a small or read-only disk (a real tmpfs)", () => {
  it("fails with 120 KiB free on AO_HOME's disk, before AO_HOME exists", async () => {
    const disk = mountTmpfs("120k") as string;
    const check = await checkDiskSpace(makeTestContext({ home: join(disk, "home") }));
    expect(check.status).toBe("fail");
    expect(check.detail).toBe(`120 KiB free on the disk of ${disk}: store and log writes will fail`);
    expect(check.fix).toContain(`df -h ${disk}`);
  });

  it("fails on a read-only store, naming it and the reason", async () => {
    const disk = mountTmpfs("4m") as string;
    const ctx = makeTestContext({ home: join(disk, "home") });
    closeStore(openStore(ctx));
    expect((await checkStoreWritable(ctx)).status).toBe("ok");
    expect(spawnSync("mount", ["-o", "remount,ro", disk]).status).toBe(0);
    const check = await checkStoreWritable(ctx);
    expect(check.status).toBe("fail");
    expect(check.detail).toBe(
      `${ctx.paths.database} cannot be written: the file system is read-only (EROFS)`,
    );
    expect(check.fix).toBe(
      `make it writable for this user (\`ls -ld ${ctx.paths.database}\`; a read-only mount needs remounting), or set AO_HOME elsewhere`,
    );
  });
});

describe("doctor: git identity", () => {
  const gitEnv = (home: string) => ({
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    XDG_CONFIG_HOME: join(home, ".config"),
  });

  it("fails when git has no user.name or user.email for the project, with the commands", async () => {
    const { dir } = makeTestRepo();
    spawnSync("git", ["config", "--unset", "user.name"], { cwd: dir });
    spawnSync("git", ["config", "--unset", "user.email"], { cwd: dir });
    const home = makeTempDir("ao-home-");
    const ctx = makeTestContext({ cwd: dir, env: { ...process.env, ...gitEnv(home) } });
    const check = await checkGitIdentity(ctx, dir);
    expect(check.status).toBe("fail");
    expect(check.detail).toContain("no user.name or user.email");
    expect(check.fix).toBe('git config --global user.name "…" && git config --global user.email "…"');
  });

  it("is ok with a global identity, as the worktree sees it", async () => {
    const { dir } = makeTestRepo();
    spawnSync("git", ["config", "--unset", "user.name"], { cwd: dir });
    spawnSync("git", ["config", "--unset", "user.email"], { cwd: dir });
    const home = makeTempDir("ao-home-");
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = Ada\n\temail = ada@example.test\n");
    const ctx = makeTestContext({ cwd: dir, env: { ...process.env, ...gitEnv(home) } });
    const check = await checkGitIdentity(ctx, dir);
    expect(check).toMatchObject({ status: "ok", detail: `commits in ${dir} are by Ada ada@example.test` });
  });
});
