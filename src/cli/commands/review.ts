import type { Command } from "commander";
import type { ReviewInput } from "../../core/slots/index.js";
import type { ReviewResult } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags, type Flags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  approve: { type: "boolean", description: "approve the pull request" },
  body: { type: "string", value: "text", description: "with --approve: a note to go with the approval" },
  requestChanges: {
    type: "string",
    value: "text",
    description: "request changes; opens a thread the agent is sent",
  },
  comment: {
    type: "string",
    value: "text",
    description: "comment without changing the decision; opens a thread",
  },
  file: {
    type: "string",
    value: "path",
    description: "with --request-changes or --comment: the file the thread is about",
  },
  line: { type: "number", min: 1, description: "with --file: the line the thread is about" },
  resolve: {
    type: "string",
    value: "thread",
    description: "mark a review thread resolved (ids as `ao review --json` prints them)",
  },
  ...jsonFlag("print the result (and the thread opened) as JSON"),
});
type ReviewFlags = Flags<typeof FLAGS>;

/** `ao review <session>`: a person's review of a session's pull request in local mode. */

export function registerReviewCommand(program: Command, cli: CliRuntime): void {
  const review = program
    .command("review")
    .description("review a session's pull request (local mode): approve, request changes, comment, resolve")
    .argument("<session>", "session id, e.g. app-3");
  addFlags(review, FLAGS).action(
    cli.action(async (ctx, session: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { reviewSession, resolveSessionThread } = await import("../../core/sessions/index.js");
      const options = { configPath: globalOptions(command).config };
      const request = await reviewRequest(flags);
      const result =
        "thread" in request
          ? await resolveSessionThread(ctx, session, request.thread, options)
          : await reviewSession(ctx, session, request, options);
      if (flags.json) writeJson(ctx.stdout, result);
      else writeLines(ctx.stdout, [summary(result)]);
      return 0;
    }),
  );
}

/** The review the flags ask for, or the thread to resolve; refuses flags that would go unused. */
async function reviewRequest(flags: ReviewFlags): Promise<ReviewInput | { thread: string }> {
  const chosen = [
    flags.approve,
    flags.requestChanges !== undefined,
    flags.comment !== undefined,
    flags.resolve !== undefined,
  ];
  const { AoError } = await import("../../core/errors.js");
  const usage = (message: string, hint: string) => new AoError("E_USAGE", message, { hint });
  if (chosen.filter(Boolean).length !== 1) {
    throw usage(
      "give exactly one of --approve, --request-changes, --comment or --resolve",
      'ao review app-3 --request-changes "the login test still fails" --file src/login.ts --line 12',
    );
  }
  if (flags.resolve !== undefined) {
    if ([flags.body, flags.file, flags.line].some((flag) => flag !== undefined))
      throw usage(
        "--resolve takes no --body, --file or --line",
        `ao review <session> --resolve ${flags.resolve}`,
      );
    return { thread: flags.resolve };
  }
  if (flags.approve) {
    if (flags.file !== undefined || flags.line !== undefined)
      throw usage("an approval is about the whole pull request", "drop --file and --line");
    return { approve: true, ...(flags.body === undefined ? {} : { body: flags.body }) };
  }
  if (flags.body !== undefined)
    throw usage("--body goes with --approve", "the text of --request-changes or --comment is its body");
  const line = flags.line;
  const place = {
    ...(flags.file === undefined ? {} : { path: flags.file }),
    ...(line === undefined ? {} : { line }),
  };
  return flags.requestChanges !== undefined
    ? { requestChanges: flags.requestChanges, ...place }
    : { comment: flags.comment ?? "", ...place };
}

function summary(result: ReviewResult): string {
  const pr = `pull request #${String(result.pr.number)}`;
  const thread = result.thread === undefined ? "" : ` (thread ${result.thread.id})`;
  switch (result.action) {
    case "approve":
      return `${result.session}: approved ${pr}`;
    case "request-changes":
      return `${result.session}: requested changes on ${pr}${thread}`;
    case "comment":
      return `${result.session}: commented on ${pr}${thread}`;
    case "resolve":
      return `${result.session}: resolved${thread} on ${pr}`;
  }
}
