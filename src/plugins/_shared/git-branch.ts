import { AoError, git, type PluginContext, type ExecResult } from "../../core/plugin-api.js";
import { localBranchExists, remoteUrl, resolveCommit } from "./git-repo-info.js";

/**
 * Branch collisions. ao never reuses a branch it did not create in this call: if `<wanted>` exists
 * locally or on origin (someone's work), the session gets `<wanted>-2`, `-3`, ….
 */
type Git = Pick<PluginContext, "exec">;

const LS_REMOTE_TIMEOUT_MS = 60_000;

/** `wanted` or the first `wanted-<n>` (n ≥ 2) not in `taken`. */
export function pickFreeBranch(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted}-${String(n)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `<objectname> <refname>` lines (ls-remote separates them with a tab) as refname → objectname. */
export function parseRefs(stdout: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const [objectName, refName] = line.trim().split(/\s+/);
    if (objectName !== undefined && refName !== undefined) refs.set(refName, objectName);
  }
  return refs;
}

/** Names of the form `wanted` or `wanted-<n>` among refs with the given prefix (others are ignored). */
export function collidingNames(refNames: Iterable<string>, prefix: string, wanted: string): string[] {
  const names: string[] = [];
  for (const ref of refNames) {
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    if (name === wanted || (name.startsWith(`${wanted}-`) && /^\d+$/.test(name.slice(wanted.length + 1)))) {
      names.push(name);
    }
  }
  return names;
}

/**
 * Branches this repository knows of that collide with `wanted`: its own, and origin's as last seen
 * (remote-tracking refs). `planBranchStart` lists them before the repository lock; this asks again
 * under it, when a name turned out to be taken after all.
 */
export async function localCollisions(ctx: Git, repoPath: string, wanted: string): Promise<string[]> {
  const prefixes = ["refs/heads/", "refs/remotes/origin/"];
  const patterns = prefixes.flatMap((prefix) => [`${prefix}${wanted}`, `${prefix}${wanted}-*`]);
  const result = await git(ctx, repoPath, ["for-each-ref", "--format=%(refname)", ...patterns]);
  const refNames = result.stdout.split("\n").map((line) => line.trim());
  return prefixes.flatMap((prefix) => collidingNames(refNames, prefix, wanted));
}

/**
 * Creates `refs/heads/<branch>` at `commit` only if no such branch exists: update-ref's empty old
 * value makes the check and the write one atomic step, so a name taken a moment ago (by a parallel
 * spawn, or by hand) fails here instead of being overwritten, whatever git's version or wording.
 */
export function tryCreateBranch(
  ctx: Git,
  repoPath: string,
  branch: string,
  at: { commit: string; reflogMessage: string },
): Promise<ExecResult> {
  const args = ["update-ref", "-m", at.reflogMessage, `refs/heads/${branch}`, at.commit, ""];
  return git(ctx, repoPath, args, { reject: false });
}

/**
 * Deletes a branch only while it still points at `commit` (update-ref's old-value check is atomic):
 * a branch that moved since this call made it holds someone's work and stays.
 */
export async function deleteBranchAt(
  ctx: Git,
  repoPath: string,
  branch: string,
  commit: string,
): Promise<void> {
  await git(ctx, repoPath, ["update-ref", "-d", `refs/heads/${branch}`, commit], { reject: false });
}

/**
 * Where `restore` gets a branch from: the local branch when it exists (createFrom undefined);
 * otherwise origin's copy, fetched now, becomes a new local branch at `createFrom`.
 */
export async function branchForRestore(
  ctx: Git,
  repoPath: string,
  branch: string,
): Promise<{ createFrom: string | undefined }> {
  if (await localBranchExists(ctx, repoPath, branch)) return { createFrom: undefined };
  if ((await remoteUrl(ctx, repoPath)) !== undefined) {
    await git(
      ctx,
      repoPath,
      ["fetch", "--quiet", "--no-tags", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`],
      {
        reject: false,
        timeoutMs: LS_REMOTE_TIMEOUT_MS,
      },
    );
  }
  const commit = await resolveCommit(ctx, repoPath, `refs/remotes/origin/${branch}`);
  if (commit !== undefined) return { createFrom: commit };
  throw new AoError("E_NOT_FOUND", `branch ${branch} exists neither in ${repoPath} nor on origin`, {
    hint: "the session's work is gone; kill the session and spawn a new one",
    details: { repoPath, branch },
  });
}
