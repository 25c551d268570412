import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { PullRequest } from "../slots/index.js";
import {
  closeStore,
  isTerminalStatus,
  openStore,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
  type Store,
} from "../store/index.js";
import { claimablePr } from "./claimable-pr.js";
import { openProject } from "./open-project.js";
import { openProjectForge } from "./project-forge.js";
import { sessionCheckout, type SessionCheckout } from "./session-checkout.js";

export interface ClaimResult {
  session: Session;
  pr: PullRequest;
  /** The session's branch before; kept. */
  previousBranch: string;
  /** False when the session already held the PR on its head branch. */
  changed: boolean;
}

/**
 * `ao session claim-pr`: the session takes over an existing open pull request. Its checkout moves
 * to the PR's head branch (fetched from origin when the repository does not have it yet; the old
 * branch is kept), and its row gets the PR, so the lifecycle reacts to its CI and reviews from the
 * next cycle on. Refused: an ended session, uncommitted work, a PR that is not open, of another
 * repository, or held by another active session.
 */
export async function claimPullRequest(
  ctx: AoContext,
  id: string,
  ref: string,
  options: { configPath?: string | undefined } = {},
): Promise<ClaimResult> {
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    if (isTerminalStatus(session.status)) {
      throw new AoError("E_SESSION_STATE", `session ${id} has ended (${session.status})`, {
        hint: `\`ao session restore ${id}\` first, or \`ao spawn ${session.project} --claim-pr ${ref}\``,
      });
    }
    const forge = await openProjectForge(ctx, session.project, options.configPath);
    const pr = await claimablePr(store, await forge.scm(), session.project, ref, id);
    if (session.prNumber === pr.number && session.branch === pr.branch)
      return { session, pr, previousBranch: session.branch, changed: false };
    const opened = await openProject(ctx, session.project, {
      ...options,
      agent: session.agent,
      runtime: session.runtime,
    });
    await checkOutHead(sessionCheckout(ctx, opened.runtime, session), session, pr.branch);
    return { session: recordClaim(store, session, pr), pr, previousBranch: session.branch, changed: true };
  } finally {
    closeStore(store);
  }
}

/** The PR's head branch in the session's checkout, refusing to touch uncommitted work. */
async function checkOutHead(checkout: SessionCheckout, session: Session, branch: string): Promise<void> {
  const status = await checkout.git(["status", "--porcelain"]);
  if (status.failed || status.stdout.trim() !== "") {
    throw new AoError("E_WORKSPACE_DIRTY", `session ${session.id}'s checkout has uncommitted changes`, {
      hint: `commit or stash them in ${session.worktree} first; ao does not move a checkout with work in it`,
      details: { worktree: session.worktree },
    });
  }
  if (branch.startsWith("-"))
    throw new AoError("E_USAGE", `the pull request's branch "${branch}" is not a branch name`);
  if (branch === session.branch) return;
  const local = await checkout.git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]);
  const steps = local.failed
    ? [
        ["fetch", "--quiet", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`],
        ["checkout", "--quiet", "-b", branch, "--track", `origin/${branch}`],
      ]
    : [["checkout", "--quiet", branch]];
  for (const args of steps) {
    const result = await checkout.git(args);
    if (result.failed) {
      throw new AoError(
        "E_WORKSPACE_FAILED",
        `could not check out ${branch} in ${session.worktree}: ${result.stderr.trim()}`,
        {
          hint: "a branch checked out in another worktree cannot be checked out again: `git worktree list` shows where",
          details: { branch, worktree: session.worktree },
        },
      );
    }
  }
}

function recordClaim(store: Store, session: Session, pr: PullRequest): Session {
  return writeTransaction(store, (tx) => {
    updateSession(
      tx,
      session.id,
      { branch: pr.branch, prNumber: pr.number, prUrl: pr.url, prState: null },
      {
        type: "pr.claimed",
        payload: { number: pr.number, url: pr.url, branch: pr.branch, previousBranch: session.branch },
      },
    );
    if (session.status === "pr_open") return requireSession(tx, session.id);
    return updateSession(
      tx,
      session.id,
      { status: "pr_open", reason: "pr_claimed" },
      { type: "session.status", payload: { from: session.status, to: "pr_open", reason: "pr_claimed" } },
    );
  });
}
