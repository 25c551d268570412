import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { AoPaths } from "../paths.js";

/** Where the daemon keeps its lock, its address, its control token and its log (all under AO_HOME). */
export interface DaemonFiles {
  readonly lock: string;
  readonly info: string;
  readonly token: string;
  readonly log: string;
}

export function daemonFiles(paths: AoPaths): DaemonFiles {
  return {
    lock: join(paths.home, "daemon.lock"),
    info: join(paths.home, "daemon.json"),
    token: join(paths.home, "daemon.token"),
    log: join(paths.logs, "daemon.log"),
  };
}

/** AO_HOME/daemon.json: how to reach the running daemon. Written once it answers on its port. */
export interface DaemonInfo {
  readonly pid: number;
  readonly port: number;
  readonly startedAt: number;
  readonly version: string;
  /** The configuration file it runs with, and the one project it watches (all when absent). */
  readonly configPath?: string | undefined;
  readonly project?: string | undefined;
  /** The owners of the route sets its server mounted (`core`, `webhooks`, `dashboard`, …). */
  readonly routeSets?: readonly string[] | undefined;
}

export async function writeDaemonInfo(files: DaemonFiles, info: DaemonInfo): Promise<void> {
  await writePrivate(files.info, `${JSON.stringify(info, null, 2)}\n`);
}

/** The daemon.json as written, or undefined when it is missing or not ours (never throws). */
export async function readDaemonInfo(files: DaemonFiles): Promise<DaemonInfo | undefined> {
  try {
    const value = JSON.parse(await readFile(files.info, "utf8")) as Partial<DaemonInfo>;
    if (typeof value.pid !== "number" || typeof value.port !== "number") return undefined;
    return value as DaemonInfo;
  } catch {
    return undefined;
  }
}

export async function removeDaemonInfo(files: DaemonFiles): Promise<void> {
  await rm(files.info, { force: true });
}

/**
 * The daemon's token, kept across restarts so that an open dashboard (its cookie is derived from
 * the token) and scripts resume after `ao stop && ao start` (docs/dashboard.md, "Security"). Only
 * a file this user owns, that nobody else may read (0600), that is no symlink and holds 64 hex
 * digits is kept; anything else is replaced by a fresh token. Deleting the file rotates it.
 */
export async function ensureDaemonToken(files: DaemonFiles): Promise<string> {
  const kept = await lstat(files.token).catch(() => undefined);
  const mine = process.getuid === undefined || kept?.uid === process.getuid();
  if (kept?.isFile() === true && mine && (kept.mode & 0o077) === 0) {
    const token = await readDaemonToken(files);
    if (token !== undefined && /^[0-9a-f]{64}$/.test(token)) return token;
  }
  return createDaemonToken(files);
}

/** A fresh bearer token (32 random bytes, hex): what a first start, or a rotation, writes. */
export async function createDaemonToken(files: DaemonFiles): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await writePrivate(files.token, `${token}\n`);
  return token;
}

export async function readDaemonToken(files: DaemonFiles): Promise<string | undefined> {
  try {
    const token = (await readFile(files.token, "utf8")).trim();
    return token === "" ? undefined : token;
  } catch {
    return undefined;
  }
}

/**
 * 0600: the token opens the control endpoints and the info says where they are. Written to a fresh
 * file ("wx" refuses anything already there, a planted symlink included) and renamed over the
 * target, which replaces a symlink at the target instead of following it.
 */
async function writePrivate(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, text, { mode: 0o600, flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
