import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { git } from "../../core/git.js";
import { localBranchExists, remoteUrl, resolveCommit } from "./git-repo-info.js";

/**
 * Branch collisions. ao never reuses a branch it did not create in this call: if `<wanted>` exists
 * locally or on origin (someone's work), the session gets `<wanted>-2`, `-3`, ….
 */
type Git = Pick<AoContext, "exec">;

const LS_REMOTE_TIMEOUT_MS = 60_000;

/** `wanted` or the first `wanted-<n>` (n ≥ 2) not in `taken`. */
export function pickFreeBranch(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted}-${String(n)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Names of the form `wanted` or `wanted-<n>` among refs listed with the given prefix. */
function collidingNames(refs: string, prefix: string, wanted: string): string[] {
  const names: string[] = [];
  for (const line of refs.split("\n")) {
    const ref = line.trim().split(/\s+/).pop() ?? "";
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
 * (remote-tracking refs, so an offline run still avoids them). One `for-each-ref`; cheap, so call
 * it under the repository lock, where parallel spawns pick their names.
 */
export async function localCollisions(ctx: Git, repoPath: string, wanted: string): Promise<string[]> {
  const prefixes = ["refs/heads/", "refs/remotes/origin/"];
  const patterns = prefixes.flatMap((prefix) => [`${prefix}${wanted}`, `${prefix}${wanted}-*`]);
  const result = await git(ctx, repoPath, ["for-each-ref", "--format=%(refname)", ...patterns]);
  return prefixes.flatMap((prefix) => collidingNames(result.stdout, prefix, wanted));
}

/**
 * Branches on origin itself that collide with `wanted` (the remote-tracking refs may be old).
 * None when origin cannot be asked (no origin, offline): `localCollisions` still covers what was
 * last fetched. Independent of the fetch of the base, so a spawn asks both at once.
 */
export async function remoteCollisions(ctx: Git, repoPath: string, wanted: string): Promise<string[]> {
  const remote = await git(ctx, repoPath, ["ls-remote", "--heads", "origin", wanted, `${wanted}-*`], {
    reject: false,
    timeoutMs: LS_REMOTE_TIMEOUT_MS,
  });
  return remote.failed ? [] : collidingNames(remote.stdout, "refs/heads/", wanted);
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
