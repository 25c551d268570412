import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AoError, git, isAoError } from "../../../core/plugin-api.js";
import { gitCommonDir, resolveCommit } from "../../_shared/git-repo-info.js";
import { preparePushDir } from "./prepare-push-dir.js";
import { checkPushRemote, gitHostFor, type PushTarget } from "./push-remote.js";
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
 * worked); the token only enters git's environment when the URL is https to the expected host.
 */
const PUSH_CONFIG = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "credential.helper=",
  // Without the advice, the three lines of the error ao shows are hints, not the `! [rejected]` line.
  "-c",
  "advice.pushUpdateRejected=false",
];

/**
 * git runs receive-pack itself for a path or file:// target, in that repository, and drops the
 * `-c` settings above on the way (GIT_CONFIG_PARAMETERS is not passed to a local transport). The
 * target's config would then decide: hooks, `core.alternateRefsCommand`, and an updateInstead
 * checkout that runs `core.fsmonitor` and filters. So the settings go in the command; git runs it
 * through a shell with the path single-quoted after it, and nothing here needs quoting.
 */
const LOCAL_RECEIVE_PACK = [
  "git",
  "-c core.hooksPath=/dev/null",
  "-c core.alternateRefsCommand=true",
  "-c core.fsmonitor=false",
  "-c receive.denyCurrentBranch=refuse",
  "-c receive.autoGc=false",
  "receive-pack",
].join(" ");

/** Inherited variables that would point git back at some repository's own directories. */
const NO_REPOSITORY_ENV = {
  GIT_DIR: undefined,
  GIT_COMMON_DIR: undefined,
  GIT_WORK_TREE: undefined,
  GIT_OBJECT_DIRECTORY: undefined,
  GIT_ALTERNATE_OBJECT_DIRECTORIES: undefined,
};

/**
 * ao's own token variables, removed from every git child that does not need them: a hook or helper
 * the agent planted (reference-transaction, a local target's pre-receive) would otherwise inherit them.
 */
const NO_TOKEN_ENV = { GITHUB_TOKEN: undefined, GH_TOKEN: undefined };

/**
 * Pushes the branch's commit, never forced: a rewritten history is refused, not overwritten. The push
 * runs from ao's own bare directory (preparePushDir), not in the worktree, so no key of the
 * repository's config (which the agent can write: sslVerify, proxies, extra headers, includes…)
 * applies to it; it goes by URL, `<sha>:refs/heads/<branch>`, to each URL checkPushRemote passed.
 * Then the remote-tracking ref moves to the pushed commit, as `git push <remote>` would have done.
 */
export async function pushBranch(
  env: GitHubScmEnv,
  worktree: string,
  branch: string,
  update?: PushUpdate,
): Promise<void> {
  const sha = await branchCommit(env, worktree, branch, update?.to);
  const commonDir = await gitCommonDir(env.ctx, worktree);
  const gitDir = await preparePushDir(env.ctx, commonDir, sha.length === 64 ? "sha256" : "sha1");
  const targets = await checkPushRemote(env, { worktree, commonDir, gitDir });
  for (const target of targets)
    await pushTo(env, gitDir, target, { branch, sha, worktree, lease: update?.from });
  await recordPushed(env, worktree, branch, sha);
}

/**
 * The merge train's update of a branch (docs/merge-train.md): `to` replaces `from` on the remote
 * only while the remote branch is still at `from` (`--force-with-lease=<ref>:<from>`), so a rebased
 * branch is published without ever overwriting a push made since.
 */
export interface PushUpdate {
  readonly from: string;
  readonly to: string;
}

/** The branch's commit, or the given one (an update's): one that is not a commit here is refused. */
async function branchCommit(
  env: GitHubScmEnv,
  worktree: string,
  branch: string,
  given?: string,
): Promise<string> {
  const wanted = given === undefined ? `refs/heads/${branch}` : /^[0-9a-f]{40,64}$/.test(given) ? given : "";
  const sha = wanted === "" ? undefined : await resolveCommit(env.ctx, worktree, wanted);
  if (sha !== undefined) return sha;
  throw new AoError("E_NOT_FOUND", `there is no ${given ?? `branch ${branch}`} to push in ${worktree}`, {
    hint: `check the session's branch (git -C ${worktree} branch --list)`,
    details: { branch, worktree },
  });
}

async function pushTo(
  env: GitHubScmEnv,
  gitDir: string,
  target: PushTarget,
  push: { branch: string; sha: string; worktree: string; lease?: string | undefined },
): Promise<void> {
  const childEnv =
    target.transport === "https"
      ? {
          GIT_ASKPASS: await installAskpassScript(env),
          [TOKEN_VARIABLE]: await env.token(),
          [HOST_VARIABLE]: gitHostFor(env),
        }
      : {};
  const refspec = `${push.sha}:refs/heads/${push.branch}`;
  const local = target.transport === "local" ? [`--receive-pack=${LOCAL_RECEIVE_PACK}`] : [];
  const lease =
    push.lease === undefined ? [] : [`--force-with-lease=refs/heads/${push.branch}:${push.lease}`];
  const args = [
    `--git-dir=${gitDir}`,
    ...PUSH_CONFIG,
    "push",
    "--no-verify",
    "--quiet",
    ...local,
    ...lease,
    target.url,
    refspec,
  ];
  try {
    await git(env.ctx, gitDir, args, {
      env: { ...NO_REPOSITORY_ENV, ...NO_TOKEN_ENV, ...childEnv },
      timeoutMs: PUSH_TIMEOUT_MS,
    });
  } catch (error) {
    if (!isAoError(error)) throw error;
    throw new AoError("E_EXEC_FAILED", `pushing ${push.branch} to ${env.remote} failed: ${error.message}`, {
      hint:
        push.lease === undefined
          ? `ao never force-pushes; if ${env.remote}/${push.branch} has commits the checkout lacks, merge them in ${push.worktree}`
          : `${env.remote}/${push.branch} is no longer at ${push.lease.slice(0, 12)} (pushed since): the merge train prepares it again`,
      cause: error,
      details: { branch: push.branch, remote: env.remote },
    });
  }
}

/** The push already happened: a ref that cannot move (a name clash) is worth a warning, not a failure. */
async function recordPushed(env: GitHubScmEnv, worktree: string, branch: string, sha: string): Promise<void> {
  const ref = `refs/remotes/${env.remote}/${branch}`;
  // The worktree's repository is the agent's: its config can name a hooks dir, and
  // .git/hooks/reference-transaction runs on update-ref. No hook, and no token for it to read.
  const args = ["-c", "core.hooksPath=/dev/null", "update-ref", "-m", "update by push", ref, sha];
  const result = await git(env.ctx, worktree, args, { reject: false, env: NO_TOKEN_ENV });
  if (result.failed)
    env.ctx.logger.warn("could not update the remote-tracking ref", {
      ref,
      sha,
      stderr: result.stderr.trim(),
    });
}
