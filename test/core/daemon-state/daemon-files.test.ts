import { chmodSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createDaemonToken,
  ensureDaemonToken,
  daemonFiles,
  readDaemonInfo,
  readDaemonToken,
  writeDaemonInfo,
} from "../../../src/core/daemon-state/daemon-files.js";
import { aoPaths } from "../../../src/core/paths.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("the daemon's private files", () => {
  it("replaces a symlink planted at the token's path instead of writing through it", async () => {
    const home = makeTempDir("ao-daemon-files-");
    const victim = join(makeTempDir("ao-daemon-victim-"), "victim.txt");
    writeFileSync(victim, "keep me\n");
    const files = daemonFiles(aoPaths(home));
    symlinkSync(victim, files.token);
    symlinkSync(victim, files.info);

    const token = await createDaemonToken(files);
    await writeDaemonInfo(files, { pid: 7, port: 8, startedAt: 9, version: "1.0.0" });

    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    for (const path of [files.token, files.info]) {
      const stat = lstatSync(path);
      expect(stat.isFile()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o600);
    }
    expect(await readDaemonToken(files)).toBe(token);
    expect(await readDaemonInfo(files)).toMatchObject({ pid: 7, port: 8 });
    // No temporary file left beside them.
    expect(readdirSync(home).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps a private token across starts; replaces one others may read, a symlink or garbage", async () => {
    const home = makeTempDir("ao-daemon-files-");
    const files = daemonFiles(aoPaths(home));
    const first = await ensureDaemonToken(files);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await ensureDaemonToken(files)).toBe(first);
    chmodSync(files.token, 0o644);
    const second = await ensureDaemonToken(files);
    expect(second).not.toBe(first);
    expect(lstatSync(files.token).mode & 0o777).toBe(0o600);
    writeFileSync(files.token, "short\n", { mode: 0o600 });
    expect(await ensureDaemonToken(files)).toMatch(/^[0-9a-f]{64}$/);
    const planted = join(makeTempDir("ao-daemon-victim-"), "token");
    writeFileSync(planted, `${"a".repeat(64)}\n`, { mode: 0o600 });
    rmSync(files.token);
    symlinkSync(planted, files.token);
    expect(await ensureDaemonToken(files)).not.toBe("a".repeat(64));
    expect(lstatSync(files.token).isFile()).toBe(true);
  });

  it("makes a new token when asked (a first start, a rotation)", async () => {
    const files = daemonFiles(aoPaths(makeTempDir("ao-daemon-files-")));
    const first = await createDaemonToken(files);
    const second = await createDaemonToken(files);
    expect(second).not.toBe(first);
    expect(await readDaemonToken(files)).toBe(second);
  });
});
