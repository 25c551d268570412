import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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

/** A fresh bearer token per daemon start, so a token leaked from an old run opens nothing. */
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
