import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import { GIT_ENV, git } from "../git.js";
import type { Runtime, RuntimeHandle } from "../slots/index.js";
import type { Session } from "../store/index.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { checkoutGitDirs, readCheckoutRefs, type CheckoutRefs } from "./checkout-git-files.js";

/** What one git command in a session's checkout answered; a non-zero exit is `failed`, not a throw. */
export interface CheckoutGitResult {
  failed: boolean;
  stdout: string;
  stderr: string;
}

/**
 * The session's git checkout wherever it lives: core's own git calls on a session (the lifecycle's
 * rev-parse and log of the branch's commits) go through this, never straight at `session.worktree`,
 * so a runtime whose checkout is inside the session (`remote.checkout === "session"`) answers them.
 */
export interface SessionCheckout {
  /** `"host"`: the worktree on this machine; `"session"`: inside the session, reached by exec. */
  readonly where: "host" | "session";
  /** False when the checkout is gone (or the session holding it is). */
  present(): Promise<boolean>;
  git(args: readonly string[]): Promise<CheckoutGitResult>;
  /**
   * HEAD's commit and those of the refs named, read from git's files without running git: only a
   * host checkout has them, and only where the files say it plainly (else undefined: ask git).
   */
  readRefs?(names: readonly string[]): CheckoutRefs | undefined;
}

/** The checkout of `session`, run by `runtime` (the session's own runtime plugin instance). */
export function sessionCheckout(
  ctx: Pick<AoContext, "exec">,
  runtime: Pick<Runtime, "remote">,
  session: Pick<Session, "id" | "worktree" | "runtimeHandle">,
): SessionCheckout {
  const remote = runtime.remote;
  const handle = storedHandle(session);
  if (remote?.checkout !== "session" || handle === undefined) return hostCheckout(ctx, session.worktree);
  return remoteCheckout(remote, handle);
}

/** The checkout at a host path (tmux, process, a container with the worktree mounted). */
export function hostCheckout(ctx: Pick<AoContext, "exec">, worktree: string): SessionCheckout {
  return {
    where: "host",
    present: () => Promise.resolve(existsSync(worktree)),
    git: (args) => git(ctx, worktree, args, { reject: false }),
    readRefs: (names) => {
      const dirs = checkoutGitDirs(worktree);
      return dirs === undefined ? undefined : readCheckoutRefs(dirs, names);
    },
  };
}

function remoteCheckout(remote: NonNullable<Runtime["remote"]>, handle: RuntimeHandle): SessionCheckout {
  const run = async (args: readonly string[]): Promise<CheckoutGitResult> => {
    const cwd = remote.workdir(handle);
    const result = await remote.exec(handle, { argv: ["git", ...args], cwd, env: GIT_ENV });
    return { failed: result.exitCode !== 0, stdout: result.stdout, stderr: result.stderr };
  };
  return {
    where: "session",
    // A session that is gone cannot hold a checkout: E_NOT_FOUND is "not present", not a failure.
    present: () =>
      run(["rev-parse", "--is-inside-work-tree"]).then(
        (result) => !result.failed && result.stdout.trim() === "true",
        () => false,
      ),
    git: run,
  };
}
