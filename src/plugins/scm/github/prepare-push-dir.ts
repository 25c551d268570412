import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git } from "../../../core/plugin-api.js";
import { prunePushDirs } from "./prune-push-dirs.js";
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
 * complete directory. Each push also removes the push dirs of repositories that are gone.
 */
export async function preparePushDir(
  ctx: Pick<GitHubScmCtx, "exec" | "paths">,
  commonDir: string,
  objectFormat: ObjectFormat,
): Promise<string> {
  const source = await realpath(commonDir);
  const dir = await ensurePushDir(ctx, join(source, "objects"), objectFormat);
  await mirrorShallow(source, dir);
  await prunePushDirs(join(ctx.paths.home, "push"), dir).catch(() => undefined);
  return dir;
}

async function ensurePushDir(
  ctx: Pick<GitHubScmCtx, "exec" | "paths">,
  objects: string,
  objectFormat: ObjectFormat,
): Promise<string> {
  const root = join(ctx.paths.home, "push");
  const dir = join(root, `${createHash("sha256").update(objects).digest("hex").slice(0, 32)}.git`);
  const alternates = join(dir, "objects", "info", "alternates");
  const line = `${alternatesEntry(objects)}\n`;
  const current = await readFile(alternates, "utf8").catch(() => undefined);
  if (current === line) return dir;
  if (current !== undefined) {
    // Not what ao wrote: put it back, atomically (a concurrent push may be reading it).
    await writeAtomically(alternates, line);
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
  await writeFile(join(staging, "objects", "info", "alternates"), line);
  await rename(staging, dir).catch(async (error: unknown) => {
    await rm(staging, { recursive: true, force: true });
    // Another push made it first: use that one.
    if (!(await exists(alternates))) throw error;
  });
  return dir;
}

/**
 * A line of `objects/info/alternates`: the path as it is, or C-quoted the way git reads it back
 * when a newline (or any control character, or a leading quote) would otherwise break the line.
 */
function alternatesEntry(path: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f]/.test(path) && !path.startsWith('"')) return path;
  const escaped = [...path]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char === "\\" || char === '"') return `\\${char}`;
      if (char === "\n") return "\\n";
      if (char === "\t") return "\\t";
      return code < 0x20 || code === 0x7f ? `\\${code.toString(8).padStart(3, "0")}` : char;
    })
    .join("");
  return `"${escaped}"`;
}

/**
 * A shallow clone's history stops at the commits listed in `<commonDir>/shallow`; without that
 * list git walks past them into parents it does not have ("Failed to traverse parents") as soon as
 * the remote has moved. So the push dir carries a copy, refreshed before each push.
 */
async function mirrorShallow(commonDir: string, dir: string): Promise<void> {
  const source = await readFile(join(commonDir, "shallow"), "utf8").catch(() => undefined);
  const target = join(dir, "shallow");
  if (source === undefined) {
    await rm(target, { force: true });
    return;
  }
  const current = await readFile(target, "utf8").catch(() => undefined);
  if (current !== source) await writeAtomically(target, source);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}
