import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { GIT_ENV, git, gitText } from "../git.js";
import type { RemoteSession, RuntimeHandle } from "../slots/index.js";

/** A session whose checkout lives inside it, and the host checkout its commits come home to. */
export interface CommitRoute {
  remote: RemoteSession;
  handle: RuntimeHandle;
  /** The host checkout (the workspace slot's), on `branch`. */
  worktree: string;
  branch: string;
  /** The project's default branch: sent in too, so the session's clone knows `origin/<base>`. */
  base?: string | undefined;
}

/** Where a bundle waits in the session: its /tmp, outside the checkout. */
const bundleInSession = (handle: RuntimeHandle): string => `/tmp/ao-${handle.id}-commits.bundle`;

/**
 * Seeds the session's checkout from the host one: the branch as a `git bundle` written into the
 * session (bytes, never argv) and cloned there at `remote.workdir(handle)`. The session needs no
 * access to the forge and never holds a token; the bundle is removed on both sides.
 */
export async function sendCommitsIn(ctx: Pick<AoContext, "exec">, route: CommitRoute): Promise<void> {
  const workdir = route.remote.workdir(route.handle);
  await withHostBundle(async (file) => {
    const refs = [`refs/heads/${route.branch}`];
    if (route.base !== undefined) refs.push(`refs/heads/${route.base}`);
    await git(ctx, route.worktree, ["bundle", "create", file, ...refs]);
    const inSession = bundleInSession(route.handle);
    await route.remote.writeFile(route.handle, inSession, readFileSync(file));
    try {
      await sessionGit(route, "/", ["clone", "--quiet", "--branch", route.branch, inSession, workdir]); // not a plugin: git clone
    } finally {
      await route.remote.exec(route.handle, { argv: ["rm", "-f", "--", inSession], cwd: "/" });
    }
  });
}

/**
 * Brings the branch's new commits home: a bundle of what the session has beyond the host
 * checkout's HEAD, read out of the session and fast-forwarded into the host checkout, so ao
 * pushes from this machine. Nothing to bring is a no-op; a branch rewritten in the session is
 * refused (E_WORKSPACE_FAILED) rather than dropping commits on either side.
 */
export async function bringCommitsHome(ctx: Pick<AoContext, "exec">, route: CommitRoute): Promise<boolean> {
  const home = await gitText(ctx, route.worktree, ["rev-parse", "HEAD"]);
  const there = (await sessionGit(route, undefined, ["rev-parse", `refs/heads/${route.branch}`])).trim();
  if (there === home) return false;
  const inSession = bundleInSession(route.handle);
  const known = await route.remote.exec(route.handle, {
    argv: ["git", "cat-file", "-e", `${home}^{commit}`],
    cwd: route.remote.workdir(route.handle),
    env: GIT_ENV,
  });
  const range =
    known.exitCode === 0 ? [`refs/heads/${route.branch}`, `^${home}`] : [`refs/heads/${route.branch}`];
  try {
    await sessionGit(route, undefined, ["bundle", "create", inSession, ...range]);
    const bytes = await route.remote.readFile(route.handle, inSession);
    await withHostBundle(async (file) => {
      writeFileSync(file, bytes, { mode: 0o600 });
      await git(ctx, route.worktree, ["fetch", "--quiet", "--no-tags", file, `refs/heads/${route.branch}`]);
      const merged = await git(ctx, route.worktree, ["merge", "--ff-only", "--quiet", "FETCH_HEAD"], {
        reject: false,
      });
      if (merged.failed) throw rewritten(route);
    });
  } finally {
    await route.remote.exec(route.handle, { argv: ["rm", "-f", "--", inSession], cwd: "/" });
  }
  return true;
}

async function sessionGit(
  route: CommitRoute,
  cwd: string | undefined,
  args: readonly string[],
): Promise<string> {
  const where = cwd ?? route.remote.workdir(route.handle);
  const result = await route.remote.exec(route.handle, { argv: ["git", ...args], cwd: where, env: GIT_ENV });
  if (result.exitCode === 0) return result.stdout;
  const tail = result.stderr.trim().split("\n").slice(-3).join("\n");
  throw new AoError("E_EXEC_FAILED", `git ${args[0] ?? ""} in session ${route.handle.id} failed: ${tail}`);
}

async function withHostBundle<T>(use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "ao-bundle-"));
  try {
    return await use(join(dir, "commits.bundle"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rewritten(route: CommitRoute): AoError {
  return new AoError(
    "E_WORKSPACE_FAILED",
    `the branch ${route.branch} in session ${route.handle.id} no longer continues the host checkout`,
    { hint: `the agent rewrote its history; look at ${route.worktree} and the session before pushing` },
  );
}
