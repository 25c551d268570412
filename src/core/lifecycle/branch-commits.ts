import type { SessionCheckout } from "../sessions/session-checkout.js";

/**
 * The commits of a session's checkout that are in neither the local nor the remote base branch,
 * oldest first, as subjects. Both bases count: a worktree shares the person's `main`, a clone knows
 * `origin/main`, and a commit reachable from either is not the agent's work. Empty when the
 * checkout is gone or git cannot tell. The checkout may be inside the session (session-checkout.ts).
 */
export async function commitsAhead(checkout: SessionCheckout, base: string): Promise<string[]> {
  if (!(await checkout.present())) return [];
  const names = [`refs/heads/${base}`, `refs/remotes/origin/${base}`];
  const known = checkout.readRefs?.(names);
  // Read from git's files: a HEAD that is a base's commit has nothing of its own, and no git runs.
  if (known !== undefined && [...known.refs.values()].includes(known.head)) return [];
  const bases = known === undefined ? await existingRefs(checkout, names) : [...known.refs.keys()];
  if (bases.length === 0) return [];
  const log = await checkout.git(["log", "--reverse", "--format=%s", "HEAD", "--not", ...bases]);
  if (log.failed) return [];
  return log.stdout.split("\n").filter((line) => line.trim() !== "");
}

async function existingRefs(checkout: SessionCheckout, names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const ref of names) {
    const answer = await checkout.git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (!answer.failed) found.push(ref);
  }
  return found;
}
