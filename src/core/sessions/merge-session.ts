import { lifecycleFeedEvent } from "../events/lifecycle-events.js";
import type { AoContext } from "../context.js";
import { AoError, isAoError } from "../errors.js";
import type { CiState, MergeMethod, PullRequestObservation, ReviewDecision } from "../slots/index.js";
import type { SessionStatus } from "../store/index.js";
import { appendEvent, closeStore, openStore, updateSession, writeTransaction } from "../store/index.js";
import { openSessionForge, sessionPull, type SessionForge, type SessionPull } from "./session-pull.js";

export const MERGE_METHODS: readonly MergeMethod[] = ["merge", "squash", "rebase"];

export interface MergeSessionResult {
  session: string;
  pr: SessionPull;
  /** The method asked for; absent: the scm's configured one (scm/github `mergeMethod`). */
  method?: MergeMethod | undefined;
  /** The head that was merged: the one observed just before merging. */
  sha: string;
  /** What CI and review said when it was merged (failing CI only with `force`). */
  ci: CiState;
  review: ReviewDecision;
  /** `--force` merged over failing CI (recorded on the `pr.merged` event). */
  forced: boolean;
}

export interface MergeSessionOptions {
  method?: MergeMethod | undefined;
  configPath?: string | undefined;
  /**
   * The head the person saw (`ao merge --sha`, the dashboard's merge button): when the forge's
   * head is another commit, nothing is merged (E_MERGE_REJECTED), so a push made after they looked
   * is never merged unseen. A prefix of at least 7 hex digits is enough.
   */
  expectedSha?: string | undefined;
  /** Merge even though CI is failing (`ao merge --force`); the event records that it was forced. */
  force?: boolean | undefined;
}

/**
 * `ao merge <session>`: merges the session's pull request through its scm, guarded by the head
 * observed right now, so a commit the agent pushes meanwhile is never merged unseen. Refusals
 * (not open, conflicts, failing CI without `force`, a dirty main checkout for scm/local) come back
 * as E_MERGE_REJECTED naming the session. The session ends `merged` at once: `ao status` must not
 * keep showing what CI said before (the lifecycle leaves a merged session as it is).
 */
export async function mergeSession(
  ctx: AoContext,
  sessionId: string,
  options: MergeSessionOptions = {},
): Promise<MergeSessionResult> {
  const { method } = options;
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const pr = await sessionPull(opened);
  const seen = await observeOpen(opened, pr);
  if (options.expectedSha !== undefined) checkHead(sessionId, seen.headSha, options.expectedSha);
  const forced = seen.ci.state === "failing";
  if (forced && options.force !== true) throw failingCi(sessionId, pr, seen);
  await opened.scm.plugin
    .merge(pr, { sha: seen.headSha, ...(method ? { method } : {}) })
    .catch((error: unknown) => {
      throw aboutSession(error, sessionId);
    });
  const result: MergeSessionResult = {
    session: sessionId,
    pr,
    ...(method ? { method } : {}),
    sha: seen.headSha,
    ci: seen.ci.state,
    review: seen.review.decision,
    forced,
  };
  record(ctx, result, opened.session.status);
  return result;
}

async function observeOpen(opened: SessionForge, pr: SessionPull): Promise<PullRequestObservation> {
  const seen = (await opened.scm.plugin.observe([pr])).get(pr.number);
  const id = opened.session.id;
  if (seen === undefined) {
    throw new AoError("E_NOT_FOUND", `${id}'s pull request #${String(pr.number)} no longer exists`, {
      details: { session: id, pr: pr.number },
    });
  }
  if (seen.state !== "open") {
    throw refused(id, pr, `it is ${seen.state}`, "only an open pull request can be merged");
  }
  if (seen.conflicts === true) {
    const files = seen.conflictingFiles ?? [];
    throw refused(
      id,
      pr,
      `it conflicts with its base${files.length > 0 ? ` in ${files.join(", ")}` : ""}`,
      `ask the agent to merge the base into its branch: ao send ${id} "…"`,
      { conflicts: files },
    );
  }
  if (seen.mergeable === false) {
    throw refused(id, pr, "the forge says it is not mergeable", `look at ${pr.url ?? "the pull request"}`);
  }
  return seen;
}

function failingCi(id: string, pr: SessionPull, seen: PullRequestObservation): AoError {
  const names = seen.ci.failing.map((check) => check.name);
  return refused(
    id,
    pr,
    `its CI is failing${names.length > 0 ? ` (${names.join(", ")})` : ""}`,
    `let the agent fix it (ao session logs ${id}), or merge anyway with ao merge ${id} --force (recorded as forced)`,
    { ci: "failing", failing: names },
  );
}

function refused(
  id: string,
  pr: SessionPull,
  why: string,
  hint: string,
  details: Record<string, unknown> = {},
): AoError {
  return new AoError("E_MERGE_REJECTED", `${id}: pull request #${String(pr.number)} was not merged: ${why}`, {
    hint,
    details: { session: id, pr: pr.number, ...details },
  });
}

/** The scm's own refusal, with the session named so a person running several knows which one. */
function aboutSession(error: unknown, id: string): unknown {
  if (!isAoError(error)) return error;
  return new AoError(error.code, `${id}: ${error.message}`, {
    hint: error.hint,
    exitCode: error.exitCode,
    details: { session: id, ...error.details },
    cause: error,
  });
}

function record(ctx: AoContext, result: MergeSessionResult, from: SessionStatus): void {
  const store = openStore(ctx);
  try {
    writeTransaction(store, (tx) => {
      appendEvent(tx, {
        type: "pr.merged",
        sessionId: result.session,
        payload: {
          number: result.pr.number,
          ...(result.pr.url === undefined ? {} : { url: result.pr.url }),
          sha: result.sha,
          ...(result.method ? { method: result.method } : {}),
          by: "ao merge",
          ci: result.ci,
          ...(result.forced ? { forced: true as const } : {}),
        },
      });
      if (from === "merged") return;
      // What the lifecycle would have said on its next look: scripts following the feed see it.
      appendEvent(tx, lifecycleFeedEvent(result.session, { type: "merged", pr: result.pr.number }));
      const reason = "pr_merged";
      updateSession(
        tx,
        result.session,
        { status: "merged", reason },
        { type: "session.status", payload: { from, to: "merged", reason } },
      );
    });
  } finally {
    closeStore(store);
  }
}

function checkHead(sessionId: string, head: string, expected: string): void {
  const given = expected.toLowerCase();
  if (/^[0-9a-f]{7,64}$/.test(given) && head.toLowerCase().startsWith(given)) return;
  throw new AoError(
    "E_MERGE_REJECTED",
    `${sessionId}'s pull request is at ${head.slice(0, 12)}, not at ${expected.slice(0, 12)} as expected: not merged`,
    {
      hint: "look at the new commits first, then merge again with the head shown now",
      details: { session: sessionId, head, expected },
    },
  );
}
