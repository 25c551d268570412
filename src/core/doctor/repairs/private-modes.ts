import { chmod, lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { daemonFiles } from "../../daemon-state/daemon-files.js";
import type { AoPaths } from "../../paths.js";
import { modeText, SHARED_BITS, shellQuote, type Repair } from "./repair.js";

/**
 * The directories ao keeps private (0700): prompts and logs quote private repositories, and the
 * config cache is only read from a private directory (a shared one silently costs every command a
 * full config load).
 */
function privateDirectories(paths: AoPaths): string[] {
  const control = join(paths.home, "control");
  return [
    paths.home,
    paths.logs,
    paths.prompts,
    join(paths.home, "cache"),
    join(paths.home, "cache", "config"),
    control,
    join(control, "commanders"),
    join(control, "workers"),
  ];
}

/** The files that hold secrets (0600): the daemon's token and the control plane's tokens and secrets. */
async function secretFiles(paths: AoPaths): Promise<string[]> {
  const control = join(paths.home, "control");
  const listed = await Promise.all(
    [
      [join(control, "commanders"), ".token"],
      [join(control, "workers"), ".secret"],
    ].map(async ([dir = "", suffix = ""]) =>
      (await readdir(dir).catch(() => [] as string[]))
        .filter((name) => name.endsWith(suffix))
        .map((name) => join(dir, name)),
    ),
  );
  return [daemonFiles(paths).token, daemonFiles(paths).info, ...listed.flat()];
}

/**
 * Every private directory or secret file other users can reach. A missing AO_HOME is no fault: the
 * AO_HOME check (and any command) creates it, private.
 */
export async function findModeRepairs(paths: AoPaths): Promise<Repair[]> {
  const dirs = privateDirectories(paths).map((dir) => modeRepair(dir, "directory", 0o700));
  const files = (await secretFiles(paths)).map((file) => modeRepair(file, "file", 0o600));
  return (await Promise.all([...dirs, ...files])).filter((repair) => repair !== undefined);
}

/** A symlink is left alone: chmod would follow it to a file ao does not own. */
async function modeRepair(
  path: string,
  kind: "directory" | "file",
  mode: number,
): Promise<Repair | undefined> {
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined || info.isSymbolicLink()) return undefined;
  if ((kind === "directory") !== info.isDirectory() || (info.mode & SHARED_BITS) === 0) return undefined;
  return {
    id: `mode:${path}`,
    title: kind === "directory" ? "private directory" : "secret file",
    problem: `${path} can be reached by other users (mode ${modeText(info.mode)})`,
    action: `chmod ${modeText(mode)} ${shellQuote(path)}`,
    apply: () => chmod(path, mode),
  };
}
