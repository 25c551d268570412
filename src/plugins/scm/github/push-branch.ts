import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AoError, isAoError } from "../../../core/errors.js";
import { git } from "../../../core/git.js";
import type { GitHubScmEnv } from "./scm-env.js";

const PUSH_TIMEOUT_MS = 120_000;
/** The variable the askpass script reads: the token lives only in the git child's environment. */
const TOKEN_VARIABLE = "AO_GITHUB_PUSH_TOKEN";

/**
 * GIT_ASKPASS answers git's credential prompts: the user name GitHub accepts for tokens, then the
 * token from the environment. The script holds no secret, so it can sit in AO_HOME for good.
 */
const ASKPASS_SCRIPT = `#!/bin/sh
case "$1" in
  Username*) echo x-access-token ;;
  *) printf '%s\\n' "$${TOKEN_VARIABLE}" ;;
esac
`;

async function askpassPath(env: GitHubScmEnv): Promise<string> {
  const dir = join(env.ctx.paths.home, "bin");
  const path = join(dir, "git-askpass-github.sh");
  await mkdir(dir, { recursive: true });
  await writeFile(path, ASKPASS_SCRIPT, { mode: 0o700 });
  await chmod(path, 0o700);
  return path;
}

/** `git push <remote> <branch>`, never forced: a rewritten history is refused, not overwritten. */
export async function pushBranch(env: GitHubScmEnv, worktree: string, branch: string): Promise<void> {
  const refspec = `refs/heads/${branch}:refs/heads/${branch}`;
  const childEnv = { GIT_ASKPASS: await askpassPath(env), [TOKEN_VARIABLE]: await env.token() };
  try {
    await git(env.ctx, worktree, ["push", "--quiet", env.remote, refspec], {
      env: childEnv,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
  } catch (error) {
    if (!isAoError(error)) throw error;
    throw new AoError("E_EXEC_FAILED", `pushing ${branch} to ${env.remote} failed: ${error.message}`, {
      hint: `ao never force-pushes; if ${env.remote}/${branch} has commits the checkout lacks, merge them in ${worktree}`,
      cause: error,
      details: { branch, remote: env.remote },
    });
  }
}
