import type { ProjectConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { isAoError, messageOf } from "../errors.js";
import { bringCommitsHome } from "../sessions/move-commits.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { sessionCheckout } from "../sessions/session-checkout.js";
import type { Issue, PullRequest, Runtime, Scm, Tracker } from "../slots/index.js";
import { getSession, updateSession, writeTransaction, type Session, type Store } from "../store/index.js";
import { commitsAhead } from "./branch-commits.js";

export interface EnsurePullRequestInput {
  store: Store;
  session: Session;
  project: ProjectConfig;
  scm: Scm;
  tracker?: Tracker | undefined;
  /** The session's runtime: where its checkout is (`remote`); absent, the host worktree. */
  runtime?: Pick<Runtime, "remote"> | undefined;
}

/**
 * The session's pull request, once its branch has commits ahead of the base: the one the forge has
 * for the branch (the agent may have opened it), else a new one (pushed first). Null while there
 * is nothing to propose. The number
 * and URL are stored with a `pr.opened` (or `pr.linked`, for one found) event.
 */
export async function ensurePullRequest(
  ctx: AoContext,
  input: EnsurePullRequestInput,
): Promise<PullRequest | null> {
  const { session, scm } = input;
  // Local git first: a branch without commits of its own has nothing to propose, and asking the
  // forge about every working agent's branch every cycle would spend its rate limit for nothing.
  const checkout = sessionCheckout(ctx, input.runtime ?? {}, session);
  const commits = await commitsAhead(checkout, input.project.defaultBranch);
  if (commits.length === 0) return null;
  const found = await scm.findPullRequest(session.branch);
  if (found) return linkPullRequest(input.store, session.id, found, "pr.linked");
  await commitsToHost(ctx, input, checkout.where);
  await scm.push(session.worktree, session.branch);
  const issue = await issueOf(ctx, input);
  const opened = await scm
    .openPullRequest({
      branch: session.branch,
      base: input.project.defaultBranch,
      title: issue?.title ?? commits[0] ?? session.branch,
      body: pullRequestBody(session, commits, issue, input.tracker),
    })
    .catch(async (error: unknown) => {
      // Another process opened it a moment ago: use that one.
      const again =
        isAoError(error) && error.code === "E_EXISTS" ? await scm.findPullRequest(session.branch) : null;
      if (again) return again;
      throw error;
    });
  return linkPullRequest(input.store, session.id, opened, "pr.opened");
}

/** ao pushes from this machine: commits made inside the session come home first (move-commits.ts). */
async function commitsToHost(
  ctx: AoContext,
  input: EnsurePullRequestInput,
  where: "host" | "session",
): Promise<void> {
  const remote = input.runtime?.remote;
  const handle = storedHandle(input.session);
  if (where !== "session" || remote === undefined || handle === undefined) return;
  const { worktree, branch } = input.session;
  await bringCommitsHome(ctx, { remote, handle, worktree, branch });
}

function linkPullRequest(
  store: Store,
  id: string,
  pr: PullRequest,
  type: "pr.opened" | "pr.linked",
): PullRequest {
  writeTransaction(store, (tx) => {
    const current = getSession(tx, id);
    if (current === undefined || current.prNumber === pr.number) return;
    updateSession(
      tx,
      id,
      { prNumber: pr.number, prUrl: pr.url },
      { type, payload: { number: pr.number, url: pr.url } },
    );
  });
  return pr;
}

async function issueOf(ctx: AoContext, input: EnsurePullRequestInput): Promise<Issue | undefined> {
  const ref = input.session.issue;
  if (ref === null || input.tracker === undefined) return undefined;
  try {
    return await input.tracker.getIssue(ref);
  } catch (error) {
    ctx.logger.warn("could not read the issue for the pull request title", {
      session: input.session.id,
      issue: ref,
      error: messageOf(error),
    });
    return undefined;
  }
}

/** What the task was, what was done, and the line that closes the issue on merge. */
export function pullRequestBody(
  session: Session,
  commits: readonly string[],
  issue: Issue | undefined,
  tracker: Tracker | undefined,
): string {
  const task = issue
    ? `Works on ${issue.url ?? `issue ${issue.id}`}: ${issue.title}`
    : `Task of session ${session.id}${session.issue === null ? "" : ` (${session.issue})`}.`;
  const lines = [task, "", "Commits:", ...commits.map((subject) => `- ${subject}`)];
  const closing = issue && tracker?.closingReference ? tracker.closingReference(issue) : "";
  if (closing !== "") lines.push("", closing);
  lines.push("", `Opened by ao for session ${session.id}.`);
  return lines.join("\n");
}
