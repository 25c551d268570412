import { dirname, relative, isAbsolute } from "node:path";
import { AoError, git, type Exec } from "../../../core/plugin-api.js";
import type { DockerRuntimeOptions } from "./options.js";
import type { BindMount } from "./run-args.js";

/**
 * What a session's container sees of this machine, each at its own path so every path ao and the
 * agent use means the same inside and out: the worktree (read-write), the git common dir a linked
 * worktree's `.git` file points into (read-write: commits land there), each host file the agent's
 * argv names (read-only), then the configured extra mounts.
 */
export async function sessionMounts(
  exec: Exec,
  options: Pick<DockerRuntimeOptions, "mounts">,
  input: { cwd: string; files?: readonly string[] | undefined },
): Promise<BindMount[]> {
  const mounts: BindMount[] = [{ source: input.cwd, target: input.cwd, readOnly: false }];
  const common = await gitCommonDir(exec, input.cwd);
  if (common !== undefined && !inside(input.cwd, common)) {
    mounts.push({ source: common, target: common, readOnly: false });
  }
  for (const file of input.files ?? []) {
    if (!mounts.some((mount) => inside(mount.target, file)))
      mounts.push({ source: file, target: file, readOnly: true });
  }
  mounts.push(...options.mounts);
  mounts.forEach((mount, index) => assertMountable(mount, index));
  return mounts;
}

/** The repository's common dir for a checkout (a linked worktree's lives in the main repo). */
async function gitCommonDir(exec: Exec, cwd: string): Promise<string | undefined> {
  const result = await git({ exec }, cwd, ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
    reject: false,
  });
  if (result.failed) return undefined; // not a git checkout: only the directory itself is mounted
  const dir = result.stdout.trim();
  return isAbsolute(dir) ? dir : undefined;
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function assertMountable(mount: BindMount, index: number): void {
  for (const path of [mount.source, mount.target]) {
    if (path.includes(",") || path.includes("\n")) {
      throw new AoError(
        "E_USAGE",
        `the path ${JSON.stringify(path)} cannot be bind-mounted (a comma or newline)`,
        {
          hint: "move the checkout (or the mount) to a path without commas",
          details: { mount: index, parent: dirname(path) },
        },
      );
    }
  }
}
