import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git } from "../../../core/git.js";
import type { GitHubScmCtx } from "./scm-env.js";

export type ObjectFormat = "sha1" | "sha256";

/**
 * The bare git directory a repository's pushes run from: `AO_HOME/push/<hash of its objects dir>.git`,
 * made once with `git init --bare` (no template: no sample hooks, nothing of the person's template
 * dir), mode 0700, whose `objects/info/alternates` names the repository's object store. Git reads
 * objects through it and copies none, and it reads this directory's config, not the repository's:
 * the repository's config is shared by the agent's worktrees, so the agent can write it.
 *
 * Pushes go by URL and write no ref here, so sessions of one repository share it safely. It is made
 * in a temporary directory and renamed into place, so two first pushes at once both end up with one
 * complete directory.
 */
export async function preparePushDir(
  ctx: Pick<GitHubScmCtx, "exec" | "paths">,
  commonDir: string,
  objectFormat: ObjectFormat,
): Promise<string> {
  const objects = join(await realpath(commonDir), "objects");
  const root = join(ctx.paths.home, "push");
  const dir = join(root, `${createHash("sha256").update(objects).digest("hex").slice(0, 32)}.git`);
  const alternates = join(dir, "objects", "info", "alternates");
  const current = await readFile(alternates, "utf8").catch(() => undefined);
  if (current === `${objects}\n`) return dir;
  if (current !== undefined) {
    // Not what ao wrote: put it back, atomically (a concurrent push may be reading it).
    await writeAtomically(alternates, `${objects}\n`);
    return dir;
  }
  await mkdir(root, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(root, ".new-"));
  await git(ctx, root, [
    "init",
    "--quiet",
    "--bare",
    "--template=",
    `--object-format=${objectFormat}`,
    staging,
  ]);
  await writeFile(join(staging, "objects", "info", "alternates"), `${objects}\n`);
  await rename(staging, dir).catch(async (error: unknown) => {
    await rm(staging, { recursive: true, force: true });
    // Another push made it first: use that one.
    if (
      !(await stat(alternates).then(
        () => true,
        () => false,
      ))
    )
      throw error;
  });
  return dir;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}
