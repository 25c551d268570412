import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AoError, isAoError } from "../../../core/errors.js";
import { git } from "../../../core/git.js";
import { checkPushRemote, gitHostFor } from "./push-remote.js";
import type { GitHubScmEnv } from "./scm-env.js";

const PUSH_TIMEOUT_MS = 120_000;
/** The variable the askpass script reads: the token lives only in the git child's environment. */
const TOKEN_VARIABLE = "AO_GITHUB_PUSH_TOKEN";

/** The host the askpass script may answer for (see gitHostFor). */
const HOST_VARIABLE = "AO_GITHUB_PUSH_HOST";

/**
 * GIT_ASKPASS answers git's credential prompts: the user name GitHub accepts for tokens, then the
 * token from the environment, and only when the prompt names https://<expected host>: git puts the
 * URL it is about to contact in the prompt, and an agent can redirect that URL from its worktree.
 * The script holds no secret, so it can sit in AO_HOME for good.
 */
const ASKPASS_SCRIPT = `#!/bin/sh
q="'"
case "$1" in
  "Username for $q"*) answer=user; url=\${1#"Username for $q"} ;;
  "Password for $q"*) answer=token; url=\${1#"Password for $q"} ;;
  *) exit 1 ;;
esac
url=\${url%%"$q"*}
case "$url" in
  https://*) authority=\${url#https://} ;;
  *) exit 1 ;;
esac
authority=\${authority%%/*}
host=\${authority##*@}
host=\${host%:*}
[ -n "$${HOST_VARIABLE}" ] && [ "$host" = "$${HOST_VARIABLE}" ] || exit 1
if [ "$answer" = user ]; then echo x-access-token; else printf '%s\\n' "$${TOKEN_VARIABLE}"; fi
`;

/** Writes (or rewrites) AO_HOME/bin/git-askpass-github.sh and returns its path. */
export async function installAskpassScript(env: Pick<GitHubScmEnv, "ctx">): Promise<string> {
  const dir = join(env.ctx.paths.home, "bin");
  const path = join(dir, "git-askpass-github.sh");
  await mkdir(dir, { recursive: true });
  await writeFile(path, ASKPASS_SCRIPT, { mode: 0o700 });
  await chmod(path, 0o700);
  return path;
}

/**
 * No hook runs and no credential helper sees the token (a helper is told about credentials that
 * worked); the token only enters git's environment when the remote is https to the expected host.
 */
const PUSH_CONFIG = ["-c", "core.hooksPath=/dev/null", "-c", "credential.helper="];

/** `git push <remote> <branch>`, never forced: a rewritten history is refused, not overwritten. */
export async function pushBranch(env: GitHubScmEnv, worktree: string, branch: string): Promise<void> {
  const refspec = `refs/heads/${branch}:refs/heads/${branch}`;
  const transport = await checkPushRemote(env, worktree);
  const childEnv =
    transport === "https"
      ? {
          GIT_ASKPASS: await installAskpassScript(env),
          [TOKEN_VARIABLE]: await env.token(),
          [HOST_VARIABLE]: gitHostFor(env),
        }
      : {};
  try {
    await git(env.ctx, worktree, [...PUSH_CONFIG, "push", "--no-verify", "--quiet", env.remote, refspec], {
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
