import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { offlineLockfile, readManifest, type Tarball } from "./offline-lockfile.js";

/**
 * npm without a network, for tests that install packed tarballs the way a person installs from the
 * registry. There is no registry here or in CI, but `npm ci` of this repository filled the npm cache
 * with the tarball of every locked package; what the cache lacks is the registry's metadata to
 * resolve version ranges. So each install gets a lockfile written from this repository's
 * package-lock.json (the same versions ao is tested with), and `npm ci --offline` reads nothing but
 * the cache and the local tarballs.
 */

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Runs npm; throws with its output when it fails, so the test says what npm said. */
export function npm(cwd: string, args: string[]): string {
  const result = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false" },
  });
  if (result.status !== 0) {
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** `npm pack` of the package in `dir` (its prepack script runs) into `destination`. */
export function pack(dir: string, destination: string): Tarball {
  const [packed] = JSON.parse(npm(dir, ["pack", "--json", "--pack-destination", destination])) as {
    filename: string;
  }[];
  if (packed === undefined) throw new Error(`npm pack in ${dir} reported no tarball`);
  return { file: join(destination, packed.filename), manifest: readManifest(dir) };
}

/**
 * Writes `dir`'s package-lock.json for its package.json, in which `tarballs` are referenced as
 * `file:` specs, then `npm ci --offline --ignore-scripts` there. Scripts are skipped for
 * better-sqlite3 (see `provideNativeAddon`).
 */
export function installOffline(dir: string, tarballs: readonly Tarball[]): void {
  const lockfile = offlineLockfile(REPO_ROOT, readManifest(dir), dir, tarballs);
  writeFileSync(join(dir, "package-lock.json"), `${JSON.stringify(lockfile, null, 2)}\n`);
  npm(dir, ["ci", "--offline", "--ignore-scripts", "--no-audit", "--loglevel=error"]);
}

/**
 * better-sqlite3's install script compiles SQLite from source when it cannot download a prebuilt
 * binary, as here: an offline `npm ci` of ao took 81 s with it and 4 s without it (2 cores). The
 * repository's `npm ci` built the same locked version on this machine already, so its binary is
 * put where the installed copy looks for it: what a prebuilt download does, without the network.
 */
export function provideNativeAddon(installedDir: string): void {
  const source = dirname(
    createRequire(join(REPO_ROOT, "package.json")).resolve("better-sqlite3/package.json"),
  );
  const target = join(installedDir, "node_modules", "better-sqlite3");
  const [built, installed] = [readManifest(source).version, readManifest(target).version];
  if (built !== installed) throw new Error(`better-sqlite3 ${installed} installed, but ${built} is built`);
  const addon = join("build", "Release", "better_sqlite3.node");
  mkdirSync(join(target, "build", "Release"), { recursive: true });
  copyFileSync(join(source, addon), join(target, addon));
}
