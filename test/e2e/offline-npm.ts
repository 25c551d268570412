import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * npm without a network, for tests that install packed tarballs the way a person installs from the
 * registry. There is no registry here or in CI, but `npm ci` of this repository filled the npm cache
 * with the tarball of every locked package; what the cache lacks is the registry's metadata to
 * resolve version ranges. So each install gets a lockfile written from this repository's
 * package-lock.json (the same versions ao is tested with), and `npm ci --offline` reads nothing but
 * the cache and the local tarballs.
 */

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Manifest {
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

type LockEntry = Record<string, unknown> & Partial<Manifest>;

/** A packed tarball to install from a file, with the manifest it was packed from. */
export interface Tarball {
  file: string;
  manifest: Manifest;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
}

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
  const lockfile = offlineLockfile(readManifest(dir), dir, tarballs);
  writeFileSync(join(dir, "package-lock.json"), `${JSON.stringify(lockfile, null, 2)}\n`);
  npm(dir, ["ci", "--offline", "--ignore-scripts", "--no-audit", "--loglevel=error"]);
}

function offlineLockfile(root: Manifest, dir: string, tarballs: readonly Tarball[]) {
  const repoLock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const available = new Map<string, LockEntry>(Object.entries(repoLock.packages));
  for (const tarball of tarballs)
    available.set(`node_modules/${tarball.manifest.name}`, fileEntry(dir, tarball));
  const rootEntry: LockEntry = { ...root };
  const packages: Record<string, LockEntry> = {};
  const queue: [string, LockEntry][] = [["", rootEntry]];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [location, entry] = next;
    for (const name of Object.keys(edgesOf(entry, location === ""))) {
      const found = resolveIn(available, location, name);
      if (found === undefined) {
        if (entry.optionalDependencies?.[name] !== undefined) continue;
        throw new Error(`${name} (needed by ${location || root.name}) is not in package-lock.json`);
      }
      if (packages[found] !== undefined) continue;
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...locked } = available.get(found) ?? {};
      packages[found] = locked;
      queue.push([found, locked]);
    }
  }
  return {
    name: root.name,
    version: root.version,
    lockfileVersion: 3,
    requires: true,
    packages: { "": rootEntry, ...packages },
  };
}

function edgesOf(entry: LockEntry, isRoot: boolean): Record<string, string> {
  return {
    ...entry.dependencies,
    ...entry.optionalDependencies,
    ...entry.peerDependencies,
    ...(isRoot ? entry.devDependencies : {}),
  };
}

/** Node's lookup: the nearest node_modules/<name> from `location` upwards. */
function resolveIn(available: Map<string, LockEntry>, location: string, name: string): string | undefined {
  for (let at = location; ;) {
    const candidate = `${at === "" ? "" : `${at}/`}node_modules/${name}`;
    if (available.has(candidate)) return candidate;
    if (at === "") return undefined;
    const parent = at.lastIndexOf("/node_modules/");
    at = parent < 0 ? "" : at.slice(0, parent);
  }
}

function fileEntry(dir: string, tarball: Tarball): LockEntry {
  const { name: _name, devDependencies: _dev, ...manifest } = tarball.manifest;
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball.file)).digest("base64")}`;
  return { ...manifest, resolved: `file:${relative(dir, tarball.file)}`, integrity };
}

/**
 * better-sqlite3's install script compiles SQLite from source when it cannot download a prebuilt
 * binary, as here: 81 s of the 85 s an `npm ci` of ao took on a 2-core machine. The
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
