import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { LineReview, ReviewInput, ReviewThread, Scm } from "../slots/index.js";
import { appendEvent, closeStore, openStore, writeTransaction } from "../store/index.js";
import { openSessionForge, sessionPull, type SessionForge, type SessionPull } from "./session-pull.js";

export interface ReviewResult {
  session: string;
  pr: SessionPull;
  /** approve, request-changes, comment or resolve. */
  action: "approve" | "request-changes" | "comment" | "resolve";
  /** The thread a request for changes or a comment opened (or the one resolved). */
  thread?: ReviewThread | { id: string };
}

interface Options {
  configPath?: string | undefined;
}

/**
 * `ao review <session> --approve | --request-changes | --comment`: records a person's review on the
 * session's pull request through its scm (forges without their own review UI, like scm/local).
 */
export async function reviewSession(
  ctx: AoContext,
  sessionId: string,
  input: ReviewInput,
  options: Options = {},
): Promise<ReviewResult> {
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const review = capability(opened, "review");
  const pr = await sessionPull(opened);
  const thread = await review(pr, input);
  const result: ReviewResult = {
    session: sessionId,
    pr,
    action: "approve" in input ? "approve" : "requestChanges" in input ? "request-changes" : "comment",
    ...(thread === undefined ? {} : { thread }),
  };
  record(ctx, result);
  return result;
}

/** `ao review <session> --resolve <thread>`: marks one review thread resolved. */
export async function resolveSessionThread(
  ctx: AoContext,
  sessionId: string,
  threadId: string,
  options: Options = {},
): Promise<ReviewResult> {
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const resolve = capability(opened, "resolveThread");
  const pr = await sessionPull(opened);
  await resolve(pr, threadId);
  const result: ReviewResult = { session: sessionId, pr, action: "resolve", thread: { id: threadId } };
  record(ctx, result);
  return result;
}

/**
 * The dashboard's review posted on the forge (scm/github): one review requesting changes with a
 * comment per line, through the scm's `postLineReview`; the changes-requested reaction delivers it.
 */
export async function postSessionLineReview(
  ctx: AoContext,
  sessionId: string,
  review: LineReview,
  options: Options = {},
): Promise<ReviewResult> {
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const post = capability(opened, "postLineReview");
  const pr = await sessionPull(opened);
  await post(pr, review);
  const result: ReviewResult = { session: sessionId, pr, action: "request-changes" };
  record(ctx, result);
  return result;
}

function capability<K extends "review" | "resolveThread" | "postLineReview">(
  { session, scm }: SessionForge,
  method: K,
): NonNullable<Scm[K]> {
  const bound = scm.plugin[method]?.bind(scm.plugin);
  if (bound !== undefined) return bound as NonNullable<Scm[K]>;
  if (method === "postLineReview")
    throw new AoError("E_USAGE", `scm/${scm.name} has no reviews of its own to post line comments to`, {
      exitCode: EXIT_USAGE,
      hint: `send the comments to ${session.id}'s agent instead`,
      details: { session: session.id, scm: scm.name },
    });
  const where = session.prUrl === null ? "on the pull request" : `at ${session.prUrl}`;
  throw new AoError("E_USAGE", `scm/${scm.name} takes reviews on the forge itself, not through ao`, {
    exitCode: EXIT_USAGE,
    hint: `review ${session.id}'s pull request ${where}`,
    details: { session: session.id, scm: scm.name },
  });
}

/** The review text stays out of the log (it is in the scm's own record); only what happened. */
function record(ctx: AoContext, result: ReviewResult): void {
  const store = openStore(ctx);
  try {
    writeTransaction(store, (tx) =>
      appendEvent(tx, {
        type: "review.recorded",
        sessionId: result.session,
        payload: {
          pr: result.pr.number,
          action: result.action,
          ...(result.thread === undefined ? {} : { thread: result.thread.id }),
        },
      }),
    );
  } finally {
    closeStore(store);
  }
}
