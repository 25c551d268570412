import { chmodSync, existsSync, mkdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSecretFile } from "../../../src/core/credentials/credentials.js";
import { acquireDaemonLock } from "../../../src/core/daemon-state/daemon-lock.js";
import {
  createDaemonToken,
  daemonFiles,
  writeDaemonInfo,
} from "../../../src/core/daemon-state/daemon-files.js";
import { checkAoHome } from "../../../src/core/doctor/check-ao-home.js";
import { findRepairs, runRepairs } from "../../../src/core/doctor/repairs/run-repairs.js";
import { createLogger } from "../../../src/core/logger.js";
import { openStore } from "../../../src/core/store/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const HOUR = 3_600_000;

function modeOf(path: string): string {
  return (statSync(path).mode & 0o777).toString(8);
}

/** An AO_HOME as ao itself leaves it: log, store, daemon token, a commander's token, a config cache entry. */
async function usedHome() {
  const ctx = makeTestContext({ home: join(makeTempDir("ao-repairs-"), "home") });
  createLogger({ dir: ctx.paths.logs }).info("hello");
  openStore(ctx).db.close();
  await createDaemonToken(daemonFiles(ctx.paths));
  writeSecretFile(join(ctx.paths.home, "control", "commanders", "claude.token"), "secret");
  mkdirSync(join(ctx.paths.home, "cache", "config"), { recursive: true, mode: 0o700 });
  return ctx;
}

describe("ao doctor --fix repairs", () => {
  it("finds nothing in an AO_HOME ao made itself, and a fix there changes nothing", async () => {
    const ctx = await usedHome();
    const token = daemonFiles(ctx.paths).token;
    const before = [modeOf(ctx.paths.home), modeOf(ctx.paths.logs), modeOf(token), statSync(token).mtimeMs];
    expect(await findRepairs(ctx)).toEqual([]);
    expect(await runRepairs(ctx, true)).toEqual([]);
    expect([modeOf(ctx.paths.home), modeOf(ctx.paths.logs), modeOf(token), statSync(token).mtimeMs]).toEqual(
      before,
    );
  });

  it("lists what is broken without --fix and changes nothing", async () => {
    const ctx = await usedHome();
    chmodSync(ctx.paths.home, 0o755);
    const planned = await runRepairs(ctx, false);
    expect(planned).toEqual([
      {
        id: `mode:${ctx.paths.home}`,
        title: "private directory",
        problem: `${ctx.paths.home} can be reached by other users (mode 755)`,
        action: `chmod 700 ${ctx.paths.home}`,
        status: "planned",
      },
    ]);
    expect(modeOf(ctx.paths.home)).toBe("755");
  });

  it("fixes modes, a stale daemon.json and old temporaries; keeps a young temporary and a symlink", async () => {
    const ctx = await usedHome();
    const files = daemonFiles(ctx.paths);
    const commanderToken = join(ctx.paths.home, "control", "commanders", "claude.token");
    const cache = join(ctx.paths.home, "cache", "config");
    chmodSync(ctx.paths.home, 0o755);
    chmodSync(cache, 0o775);
    chmodSync(files.token, 0o644);
    chmodSync(commanderToken, 0o640);
    await writeDaemonInfo(files, { pid: 999_999, port: 4321, startedAt: 0, version: "0.0.0" });
    const oldTemp = join(ctx.paths.home, ".daemon.json.0123456789ab.tmp");
    const youngTemp = join(ctx.paths.home, ".daemon.token.ba9876543210.tmp");
    const oldCacheTemp = join(cache, `${"a".repeat(64)}.json.0123456789ab.tmp`);
    for (const file of [oldTemp, youngTemp, oldCacheTemp]) writeFileSync(file, "x");
    const past = new Date(Date.now() - HOUR);
    utimesSync(oldTemp, past, past);
    utimesSync(oldCacheTemp, past, past);
    const outside = join(makeTempDir("ao-outside-"), "shared.txt");
    writeFileSync(outside, "not ao's", { mode: 0o644 });
    mkdirSync(join(ctx.paths.home, "control", "workers"), { mode: 0o700 });
    symlinkSync(outside, join(ctx.paths.home, "control", "workers", "x.secret"));

    const outcomes = await runRepairs(ctx, true);

    expect(outcomes.map((o) => [o.action, o.status])).toEqual([
      [`chmod 700 ${ctx.paths.home}`, "fixed"],
      [`chmod 700 ${cache}`, "fixed"],
      [`chmod 600 ${files.token}`, "fixed"],
      [`chmod 600 ${commanderToken}`, "fixed"],
      [`rm ${files.info}`, "fixed"],
      [`rm ${oldTemp}`, "fixed"],
      [`rm ${oldCacheTemp}`, "fixed"],
    ]);
    expect(outcomes.find((o) => o.action === `rm ${files.info}`)?.problem).toContain("pid 999999, port 4321");
    expect([modeOf(ctx.paths.home), modeOf(cache), modeOf(files.token), modeOf(commanderToken)]).toEqual([
      "700",
      "700",
      "600",
      "600",
    ]);
    expect([existsSync(files.info), existsSync(oldTemp), existsSync(oldCacheTemp)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(existsSync(youngTemp)).toBe(true);
    expect(modeOf(outside)).toBe("644");
    expect(await findRepairs(ctx)).toEqual([]);
  });

  it("finds nothing to fix in a missing AO_HOME (the AO_HOME check creates it private)", async () => {
    const ctx = makeTestContext({ home: join(makeTempDir("ao-repairs-"), "missing", "home") });
    expect(await runRepairs(ctx, true)).toEqual([]);
    expect((await checkAoHome(ctx)).status).toBe("ok");
    expect(modeOf(ctx.paths.home)).toBe("700");
  });

  it("keeps the daemon.json of a running daemon (its lock is held)", async () => {
    const ctx = await usedHome();
    const files = daemonFiles(ctx.paths);
    await writeDaemonInfo(files, { pid: process.pid, port: 4321, startedAt: 0, version: "0.0.0" });
    const lock = acquireDaemonLock(files.lock);
    try {
      expect(await findRepairs(ctx)).toEqual([]);
    } finally {
      lock?.release();
    }
    expect((await findRepairs(ctx)).map((r) => r.title)).toEqual(["stale daemon.json"]);
  });

  it("reports a fix that did not work as failed, with the reason", async () => {
    const ctx = await usedHome();
    mkdirSync(join(daemonFiles(ctx.paths).info, "inside"), { recursive: true });
    const [outcome] = await runRepairs(ctx, true);
    expect(outcome).toMatchObject({ title: "stale daemon.json", status: "failed" });
    expect(outcome?.problem).toContain("an unreadable daemon.json");
    expect(outcome?.error).toMatch(/director/i);
  });
});
