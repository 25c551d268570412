import type { AoContext } from "../context.js";
import { git } from "../git.js";

/** Where every local branch and `origin`'s branches point in a repository, by full ref name. */
export type RefHeads = ReadonlyMap<string, string>;

/**
 * One `for-each-ref` for all the heads the radar needs in a project's repository: the sessions'
 * branches (worktrees share the repository's refs) and the default branch. Empty when git cannot
 * read the repository (it is reported by the caller as "no heads").
 */
export async function readRefHeads(ctx: Pick<AoContext, "exec">, repo: string): Promise<RefHeads> {
  const listed = await git(
    ctx,
    repo,
    ["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/", "refs/remotes/origin/"],
    { reject: false },
  );
  const heads = new Map<string, string>();
  if (listed.failed) return heads;
  for (const line of listed.stdout.split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) heads.set(line.slice(space + 1), line.slice(0, space));
  }
  return heads;
}

/** A branch's head: the local branch, else `origin`'s copy of it. */
export function branchHead(heads: RefHeads, branch: string): string | undefined {
  return heads.get(`refs/heads/${branch}`) ?? heads.get(`refs/remotes/origin/${branch}`);
}
