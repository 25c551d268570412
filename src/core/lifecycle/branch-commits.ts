import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import { git } from "../git.js";

/**
 * The commits of a session's checkout that are in neither the local nor the remote base branch,
 * oldest first, as subjects. Both bases count: a worktree shares the person's `main`, a clone knows
 * `origin/main`, and a commit reachable from either is not the agent's work. Empty when the
 * checkout is gone or git cannot tell.
 */
export async function commitsAhead(
  ctx: Pick<AoContext, "exec">,
  worktree: string,
  base: string,
): Promise<string[]> {
  if (!existsSync(worktree)) return [];
  const bases: string[] = [];
  for (const ref of [`refs/heads/${base}`, `refs/remotes/origin/${base}`]) {
    const found = await git(ctx, worktree, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      reject: false,
    });
    if (!found.failed) bases.push(ref);
  }
  if (bases.length === 0) return [];
  const log = await git(ctx, worktree, ["log", "--reverse", "--format=%s", "HEAD", "--not", ...bases], {
    reject: false,
  });
  if (log.failed) return [];
  return log.stdout.split("\n").filter((line) => line.trim() !== "");
}
