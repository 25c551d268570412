import {
  AoError,
  execError,
  git,
  redactText,
  type PluginContext,
  type ExecResult,
} from "../../core/plugin-api.js";
import { collidingNames, parseRefs } from "./git-branch.js";
import { gitCommonDir, remoteUrl, resolveCommit } from "./git-repo-info.js";

/** The commit a new session branch starts from, and where it came from (shown to the person). */
export interface BranchBase {
  /** `origin/main` or `main`. */
  label: string;
  commit: string;
  source: "origin" | "local";
  /** Why origin was not used, when it was not. */
  fallbackReason?: string | undefined;
}

/** Where a new session branch starts, and the names it must not take (local, last fetched, on origin). */
export interface BranchStart {
  base: BranchBase;
  taken: string[];
}

type Git = Pick<PluginContext, "exec">;
type OriginView = { refs: Map<string, string> } | { reason: string };

const LS_REMOTE_TIMEOUT_MS = 60_000;
const FETCH_TIMEOUT_MS = 120_000;
const FETCH_CONFIG = [
  // Parallel spawns fetch the same ref at the same moment; git gives up on a busy ref lock after
  // 100 ms by default, which would turn a race into a needless fallback to the local branch.
  ...["-c", "core.filesRefLockTimeout=30000", "-c", "core.packedRefsTimeout=30000"],
  // A fetch ends with `git maintenance run --auto` (gc, repack, commit-graph): seconds of work in
  // the person's repository, on spawn's clock. Their own git commands do that housekeeping anyway.
  ...["-c", "maintenance.auto=false"],
];

/**
 * Two git processes at once: `ls-remote` asks origin for its current default-branch commit and the
 * colliding branch names in one round trip; `for-each-ref` reads the same refs locally. The default
 * branch is fetched only when origin moved since the last fetch, so a session always starts from
 * origin's current `<defaultBranch>` when origin is reachable, and from the local one (with the
 * reason) when it is not. The base is a commit, not a ref: a parallel fetch cannot move it later.
 */
export async function planBranchStart(
  ctx: Git,
  repoPath: string,
  defaultBranch: string,
  wanted: string,
): Promise<BranchStart> {
  const [origin, local] = await Promise.all([
    askOrigin(ctx, repoPath, defaultBranch, wanted),
    listLocalRefs(ctx, repoPath, defaultBranch, wanted),
  ]);
  const base = await chooseBase(ctx, repoPath, defaultBranch, origin, local);
  const taken = [
    ...("refs" in origin ? collidingNames(origin.refs.keys(), "refs/heads/", wanted) : []),
    ...collidingNames(local.keys(), "refs/heads/", wanted),
    ...collidingNames(local.keys(), "refs/remotes/origin/", wanted),
  ];
  return { base, taken };
}

/**
 * `--heads` makes git ask origin for branches only (protocol v2 `ref-prefix refs/heads/`): without
 * it, origin sends every ref it has (on GitHub, one per pull request) and the patterns filter here.
 * Patterns match ref tails (`x/refs/heads/main` too): callers look refs up exactly.
 */
async function askOrigin(ctx: Git, repoPath: string, branch: string, wanted: string): Promise<OriginView> {
  const patterns = [`refs/heads/${branch}`, `refs/heads/${wanted}`, `refs/heads/${wanted}-*`];
  const result = await git(ctx, repoPath, ["ls-remote", "--heads", "origin", ...patterns], {
    reject: false,
    timeoutMs: LS_REMOTE_TIMEOUT_MS,
  });
  if (!result.failed) return { refs: parseRefs(result.stdout) };
  // Asked only after a failure: an answer from origin proves it exists, and spawn saves a process.
  if ((await remoteUrl(ctx, repoPath)) === undefined)
    return { reason: "the repository has no origin remote" };
  return { reason: `git ls-remote origin failed: ${failureLine(result)}` };
}

/** The default branch (local and as last fetched) and the local names that collide with `wanted`. */
async function listLocalRefs(
  ctx: Git,
  repoPath: string,
  branch: string,
  wanted: string,
): Promise<Map<string, string>> {
  const patterns = [`refs/remotes/origin/${branch}`, `refs/heads/${branch}`];
  for (const prefix of ["refs/heads/", "refs/remotes/origin/"])
    patterns.push(`${prefix}${wanted}`, `${prefix}${wanted}-*`);
  const args = ["for-each-ref", "--format=%(objectname) %(refname)", ...patterns];
  const result = await git(ctx, repoPath, args, { reject: false });
  if (result.failed) throw await repositoryError(ctx, repoPath, result);
  return parseRefs(result.stdout);
}

/**
 * Why git could not read the repository, asked only after it failed: a missing directory (git then
 * cannot even start, which Node reports like a missing git), not a repository, or git's own error.
 */
async function repositoryError(ctx: Git, repoPath: string, result: ExecResult): Promise<AoError> {
  await gitCommonDir(ctx, repoPath); // throws E_NOT_FOUND or E_NOT_A_REPO
  return execError("git", result);
}

async function chooseBase(
  ctx: Git,
  repoPath: string,
  branch: string,
  origin: OriginView,
  local: ReadonlyMap<string, string>,
): Promise<BranchBase> {
  if ("reason" in origin) return localBase(repoPath, branch, local, origin.reason);
  const current = origin.refs.get(`refs/heads/${branch}`);
  if (current === undefined) return localBase(repoPath, branch, local, `origin has no branch ${branch}`);
  if (current === local.get(`refs/remotes/origin/${branch}`)) return originBase(branch, current);
  const fetched = await fetchDefaultBranch(ctx, repoPath, branch);
  return "commit" in fetched
    ? originBase(branch, fetched.commit)
    : localBase(repoPath, branch, local, fetched.reason);
}

/**
 * The base after a fetch is the fetched `origin/<branch>`, not the commit ls-remote saw a moment
 * earlier: it is at least as new, and it is certainly here (a force-push in between could have
 * made the older commit one the fetch never brought). Either way one `rev-parse` is needed.
 */
async function fetchDefaultBranch(
  ctx: Git,
  repoPath: string,
  branch: string,
): Promise<{ commit: string } | { reason: string }> {
  const tracking = `refs/remotes/origin/${branch}`;
  const result = await git(
    ctx,
    repoPath,
    [...FETCH_CONFIG, "fetch", "--quiet", "--no-tags", "origin", `+refs/heads/${branch}:${tracking}`],
    { reject: false, timeoutMs: FETCH_TIMEOUT_MS },
  );
  if (result.failed) return { reason: `git fetch origin ${branch} failed: ${failureLine(result)}` };
  const commit = await resolveCommit(ctx, repoPath, tracking);
  return commit === undefined ? { reason: `${tracking} is missing after a fetch` } : { commit };
}

function originBase(branch: string, commit: string): BranchBase {
  return { label: `origin/${branch}`, commit, source: "origin" };
}

function localBase(
  repoPath: string,
  branch: string,
  local: ReadonlyMap<string, string>,
  fallbackReason: string,
): BranchBase {
  const commit = local.get(`refs/heads/${branch}`);
  if (commit === undefined) {
    throw new AoError(
      "E_NOT_FOUND",
      `default branch ${branch} was found neither on origin nor locally in ${repoPath}`,
      {
        hint: `check defaultBranch in agent-orchestrator.yaml (git branch -a lists what exists)`,
        details: { repoPath, defaultBranch: branch, fallbackReason },
      },
    );
  }
  return { label: branch, commit, source: "local", fallbackReason };
}

/** git's `fatal:` line says what went wrong; the lines after it are advice. */
function failureLine(result: { stderr: string; timedOut: boolean }): string {
  if (result.timedOut) return "timed out";
  const lines = result.stderr.trim().split("\n");
  return redactText(lines.find((line) => line.startsWith("fatal:")) ?? lines.pop() ?? "failed");
}
