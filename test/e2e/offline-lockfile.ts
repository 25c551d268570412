import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * A package-lock.json for a package.json, from this repository's own lockfile: the npm cache that
 * `npm ci` filled holds the tarball of every package locked there, but not the registry's metadata
 * that resolving version ranges needs. Packed tarballs are locked as `file:` entries.
 */

/** The parts of a package.json that installing reads. */
export interface Manifest {
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

type LockEntry = Record<string, unknown> & Partial<Manifest>;

/** A packed tarball to install from a file, with the manifest it was packed from. */
export interface Tarball {
  file: string;
  manifest: Manifest;
}

/** The package.json of the package in `dir`. */
export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
}

/** The lockfile of the package whose manifest is `root`, in `dir`. */
export function offlineLockfile(repoRoot: string, root: Manifest, dir: string, tarballs: readonly Tarball[]) {
  const repoLock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const available = new Map<string, LockEntry>(Object.entries(repoLock.packages));
  for (const tarball of tarballs)
    available.set(`node_modules/${tarball.manifest.name}`, fileEntry(dir, tarball));
  const rootEntry: LockEntry = { name: root.name, ...lockFields(root) };
  if (root.devDependencies !== undefined) rootEntry.devDependencies = root.devDependencies;
  return {
    name: root.name,
    version: root.version,
    lockfileVersion: 3,
    requires: true,
    packages: { "": rootEntry, ...lockedClosure(available, rootEntry) },
  };
}

/** Every entry the root needs, at the location Node would find it, with the repository's flags dropped. */
function lockedClosure(available: Map<string, LockEntry>, rootEntry: LockEntry): Record<string, LockEntry> {
  const packages: Record<string, LockEntry> = {};
  const queue: [string, LockEntry][] = [["", rootEntry]];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [location, entry] = next;
    for (const name of Object.keys(edgesOf(entry, location === ""))) {
      const found = resolveIn(available, location, name);
      if (found === undefined) {
        if (mayBeAbsent(entry, name)) continue;
        throw new Error(`${name} (needed by ${location || "the root"}) is not in package-lock.json`);
      }
      if (packages[found] !== undefined) continue;
      const { dev: _dev, devOptional: _devOptional, peer: _peer, ...locked } = available.get(found) ?? {};
      packages[found] = locked;
      queue.push([found, locked]);
    }
  }
  return packages;
}

const LOCK_FIELDS = [
  "version",
  "license",
  "bin",
  "engines",
  "dependencies",
  "optionalDependencies",
  "peerDependencies",
  "peerDependenciesMeta",
] as const;

/** What a lockfile records of a package: its version and its edges, not its scripts or files. */
function lockFields(manifest: Manifest): LockEntry {
  return Object.fromEntries(
    LOCK_FIELDS.flatMap((field) => (field in manifest ? [[field, manifest[field]]] : [])),
  );
}

function edgesOf(entry: LockEntry, isRoot: boolean): Record<string, string> {
  return {
    ...entry.dependencies,
    ...entry.optionalDependencies,
    ...entry.peerDependencies,
    ...(isRoot ? entry.devDependencies : {}),
  };
}

function mayBeAbsent(entry: LockEntry, name: string): boolean {
  return (
    entry.optionalDependencies?.[name] !== undefined || entry.peerDependenciesMeta?.[name]?.optional === true
  );
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
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball.file)).digest("base64")}`;
  return { ...lockFields(tarball.manifest), resolved: `file:${relative(dir, tarball.file)}`, integrity };
}
