import type { SessionCheckout } from "../sessions/session-checkout.js";

/**
 * The commits of a session's checkout that are in neither the local nor the remote base branch,
 * oldest first, as subjects. Both bases count: a worktree shares the person's `main`, a clone knows
 * `origin/main`, and a commit reachable from either is not the agent's work. Empty when the
 * checkout is gone or git cannot tell. The checkout may be inside the session (session-checkout.ts).
 */
export async function commitsAhead(checkout: SessionCheckout, base: string): Promise<string[]> {
  if (!(await checkout.present())) return [];
  const bases: string[] = [];
  for (const ref of [`refs/heads/${base}`, `refs/remotes/origin/${base}`]) {
    const found = await checkout.git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (!found.failed) bases.push(ref);
  }
  if (bases.length === 0) return [];
  const log = await checkout.git(["log", "--reverse", "--format=%s", "HEAD", "--not", ...bases]);
  if (log.failed) return [];
  return log.stdout.split("\n").filter((line) => line.trim() !== "");
}
