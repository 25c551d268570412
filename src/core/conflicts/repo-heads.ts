import type { AoContext } from "../context.js";
import { git } from "../git.js";

/** A ref's commit and that commit's tree. */
export interface RefHead {
  readonly sha: string;
  readonly tree: string;
}

/** Where every local branch and `origin`'s branches point in a repository, by full ref name. */
export type RefHeads = ReadonlyMap<string, RefHead>;

/**
 * One `for-each-ref` for all the heads the radar needs in a project's repository: the sessions'
 * branches (worktrees share the repository's refs) and the default branch, each with its tree
 * (for the overlap diffs). Empty when git cannot read the repository.
 */
export async function readRefHeads(ctx: Pick<AoContext, "exec">, repo: string): Promise<RefHeads> {
  const listed = await git(
    ctx,
    repo,
    ["for-each-ref", "--format=%(objectname) %(tree) %(refname)", "refs/heads/", "refs/remotes/origin/"],
    { reject: false },
  );
  const heads = new Map<string, RefHead>();
  if (listed.failed) return heads;
  for (const line of listed.stdout.split("\n")) {
    const [sha, tree, ...ref] = line.split(" ");
    // A ref to something other than a commit has no tree: it cannot be a branch head.
    if (sha && tree && ref.length > 0) heads.set(ref.join(" "), { sha, tree });
  }
  return heads;
}

/**
 * The default branch's head: `origin`'s when the repository has a remote (what pull requests merge
 * into, and what worktrees branch from), else the local branch.
 */
export function defaultBranchHead(heads: RefHeads, branch: string): RefHead | undefined {
  return heads.get(`refs/remotes/origin/${branch}`) ?? heads.get(`refs/heads/${branch}`);
}

/** A session's branch head: the local branch (worktrees share it), else `origin`'s copy of it. */
export function branchHead(heads: RefHeads, branch: string): RefHead | undefined {
  return heads.get(`refs/heads/${branch}`) ?? heads.get(`refs/remotes/origin/${branch}`);
}
