import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { isDaemonLockHeld } from "../../daemon-state/daemon-lock.js";
import { daemonFiles, readDaemonInfo } from "../../daemon-state/daemon-files.js";
import type { AoPaths } from "../../paths.js";
import { shellQuote, type Repair } from "./repair.js";

/**
 * A temporary file older than this was left by an ao that died between writing and renaming it;
 * a younger one may belong to a command running right now.
 */
export const STALE_TEMP_MS = 10 * 60_000;

/** Temporary files ao writes then renames: `.daemon.json.<hex>.tmp`, `.doctor-<hex>.tmp`, cache entries. */
const TEMP_NAME =
  /^(\.[\w.-]+\.[0-9a-f]{8,}\.tmp|\.doctor-[0-9a-f]+\.tmp|[0-9a-f]{64}\.json\.[0-9a-f]{12}\.tmp)$/;

/** Files a crashed or killed ao left under AO_HOME: a daemon.json of no running daemon, and old temporaries. */
export async function findStaleFileRepairs(paths: AoPaths, now: number): Promise<Repair[]> {
  const [info, temps] = await Promise.all([staleDaemonInfo(paths), staleTemporaries(paths, now)]);
  return info === undefined ? temps : [info, ...temps];
}

/** daemon.json says where a daemon listens; with nobody holding daemon.lock it points at nothing. */
async function staleDaemonInfo(paths: AoPaths): Promise<Repair | undefined> {
  const files = daemonFiles(paths);
  const info = await readDaemonInfo(files);
  const present = await stat(files.info).catch(() => undefined);
  if (present === undefined || isDaemonLockHeld(files.lock)) return undefined;
  const who = info === undefined ? "an unreadable daemon.json" : `pid ${info.pid}, port ${info.port}`;
  return removal(
    files.info,
    "stale daemon.json",
    `${files.info} names a daemon that is not running (${who})`,
  );
}

async function staleTemporaries(paths: AoPaths, now: number): Promise<Repair[]> {
  const dirs = [paths.home, join(paths.home, "cache", "config")];
  const found = await Promise.all(dirs.map((dir) => oldTemporariesIn(dir, now)));
  return found
    .flat()
    .map(({ path, ageMs }) =>
      removal(path, "stale temporary file", `${path} was left by an ao that stopped ${minutes(ageMs)} ago`),
    );
}

async function oldTemporariesIn(dir: string, now: number): Promise<{ path: string; ageMs: number }[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => TEMP_NAME.test(name));
  const aged = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => undefined);
      return { path: join(dir, name), ageMs: info?.isFile() === true ? now - info.mtimeMs : -1 };
    }),
  );
  return aged.filter((entry) => entry.ageMs > STALE_TEMP_MS);
}

function minutes(ms: number): string {
  return `${Math.round(ms / 60_000)} min`;
}

function removal(path: string, title: string, problem: string): Repair {
  return {
    id: `remove:${path}`,
    title,
    problem,
    action: `rm ${shellQuote(path)}`,
    apply: () => rm(path, { force: true }),
  };
}
