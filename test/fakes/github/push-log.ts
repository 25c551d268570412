import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** One update of a branch by `git push` into the fake's bare repository, in the order they came. */
export interface FakePush {
  branch: string;
  /** The head before (40 zeros: the push created the branch) and after (40 zeros: deleted it). */
  old: string;
  new: string;
  /** Seconds since the epoch, as git's reflog has it. */
  at: number;
  /** The branch was rewritten: its old head is not in its new history. */
  forced: boolean;
}

const ZERO = "0".repeat(40);

/**
 * From now on the bare repository keeps a reflog of its branches. A push ao makes to a local path
 * runs receive-pack with hooks off, so a hook would miss it; git's reflog records every update
 * receive-pack makes (message `push`), and nothing a client sends can turn it off.
 */
export function recordPushes(origin: string): void {
  const set = spawnSync("git", ["config", "core.logAllRefUpdates", "true"], { cwd: origin });
  if (set.status !== 0) throw new Error(`fake github: cannot keep a reflog in ${origin}`);
}

/** Every push recorded since `recordPushes`, oldest first (branches in name order, then by time). */
export function pushesIn(origin: string): FakePush[] {
  const logs = join(origin, "logs", "refs", "heads");
  const pushes: FakePush[] = [];
  for (const file of filesUnder(logs)) {
    const branch = relative(logs, file);
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /^([0-9a-f]{40}) ([0-9a-f]{40}) .* (\d+) [+-]\d{4}\tpush$/.exec(line);
      if (match === null) continue;
      const [, old = "", next = "", at = "0"] = match;
      pushes.push({ branch, old, new: next, at: Number(at), forced: rewritten(origin, old, next) });
    }
  }
  return pushes;
}

function rewritten(origin: string, old: string, next: string): boolean {
  if (old === ZERO || next === ZERO) return false;
  const check = spawnSync("git", ["merge-base", "--is-ancestor", old, next], { cwd: origin });
  return check.status !== 0;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
