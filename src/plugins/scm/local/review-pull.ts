import {
  AoError,
  git,
  type PullRequestRef,
  type ReviewInput,
  type ReviewThread,
} from "../../../core/plugin-api.js";
import { appendEvent, readEvents, readPull, type PullRecord } from "./pull-store.js";
import { threadId, threadsFrom } from "./pull-view.js";
import { nowIso, type LocalScmEnv } from "./scm-env.js";

/**
 * Reviews of local pull requests (`ao review <session> --approve | --request-changes "…"`). Each
 * review is an event; a request for changes or a comment opens a thread that observe reports
 * until it is resolved.
 */
export async function reviewPull(
  env: LocalScmEnv,
  ref: PullRequestRef,
  input: ReviewInput,
): Promise<ReviewThread | undefined> {
  const record = await existingPull(env, ref);
  const author = await reviewer(env);
  const createdAt = nowIso(env);
  if ("approve" in input) {
    const body = input.body?.trim();
    await appendEvent(env.layout.pulls, record.number, {
      type: "review",
      decision: "approved",
      author,
      createdAt,
      ...(body ? { body } : {}),
    });
    return undefined;
  }
  const text = "requestChanges" in input ? input.requestChanges : input.comment;
  const place = checkedPlace(input.path, input.line);
  if (text.trim() === "") throw new AoError("E_USAGE", "a review comment needs text");
  const decision = "requestChanges" in input ? "changes_requested" : "commented";
  const event = await appendEvent(env.layout.pulls, record.number, {
    type: "review",
    decision,
    author,
    createdAt,
    body: text,
    ...place,
  });
  return { id: threadId(record.number, event.seq), body: text, author, createdAt, isBot: false, ...place };
}

export async function resolvePullThread(env: LocalScmEnv, ref: PullRequestRef, id: string): Promise<void> {
  const record = await existingPull(env, ref);
  const thread = threadsFrom(record.number, await readEvents(env.layout.pulls, record.number)).find(
    (candidate) => candidate.id === id,
  );
  if (thread === undefined) {
    throw new AoError("E_NOT_FOUND", `pull request #${String(record.number)} has no review thread ${id}`);
  }
  if (thread.resolved) return;
  await appendEvent(env.layout.pulls, record.number, {
    type: "resolve",
    threadId: id,
    author: await reviewer(env),
    createdAt: nowIso(env),
  });
}

export async function existingPull(env: LocalScmEnv, ref: PullRequestRef): Promise<PullRecord> {
  const record = await readPull(env.layout.pulls, ref.number);
  if (record !== undefined) return record;
  throw new AoError(
    "E_NOT_FOUND",
    `no local pull request #${String(ref.number)} in project ${env.project.id}`,
  );
}

function checkedPlace(path: string | undefined, line: number | undefined): { path?: string; line?: number } {
  if (line !== undefined && (!Number.isSafeInteger(line) || line < 1)) {
    throw new AoError("E_USAGE", `line ${String(line)} is not a line number`, { hint: "lines count from 1" });
  }
  if (line !== undefined && path === undefined) {
    throw new AoError("E_USAGE", "a comment on a line needs the file too", {
      hint: "pass --file with --line",
    });
  }
  return { ...(path === undefined ? {} : { path }), ...(line === undefined ? {} : { line }) };
}

/** The person reviewing: git's user.name in the project, as their commits would say. */
async function reviewer(env: LocalScmEnv): Promise<string> {
  const result = await git(env.ctx, env.project.path, ["config", "user.name"], { reject: false });
  const name = result.stdout.trim();
  return name !== "" ? name : (env.ctx.env["USER"] ?? "local");
}
