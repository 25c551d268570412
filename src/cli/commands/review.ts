import type { Command } from "commander";
import type { ReviewInput } from "../../core/slots/index.js";
import type { ReviewResult } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

interface ReviewFlags {
  approve?: boolean;
  body?: string;
  requestChanges?: string;
  comment?: string;
  file?: string;
  line?: string;
  resolve?: string;
  json?: boolean;
}

export function registerReviewCommand(program: Command, cli: CliRuntime): void {
  program
    .command("review")
    .description("review a session's pull request (local mode): approve, request changes, comment, resolve")
    .argument("<session>", "session id, e.g. app-3")
    .option("--approve", "approve the pull request")
    .option("--body <text>", "with --approve: a note to go with the approval")
    .option("--request-changes <text>", "request changes; opens a thread the agent is sent")
    .option("--comment <text>", "comment without changing the decision; opens a thread")
    .option("--file <path>", "with --request-changes or --comment: the file the thread is about")
    .option("--line <n>", "with --file: the line the thread is about")
    .option("--resolve <thread>", "mark a review thread resolved (ids as `ao review --json` prints them)")
    .option("--json", "print the result (and the thread opened) as JSON")
    .action(
      cli.action(async (ctx, session: string, flags: ReviewFlags, command: Command) => {
        const { reviewSession, resolveSessionThread } = await import("../../core/sessions/index.js");
        const options = { configPath: globalOptions(command).config };
        const request = await reviewRequest(flags);
        const result =
          "thread" in request
            ? await resolveSessionThread(ctx, session, request.thread, options)
            : await reviewSession(ctx, session, request, options);
        if (flags.json === true) writeJson(ctx.stdout, result);
        else writeLines(ctx.stdout, [summary(result)]);
        return 0;
      }),
    );
}

/** The review the flags ask for, or the thread to resolve; refuses flags that would go unused. */
async function reviewRequest(flags: ReviewFlags): Promise<ReviewInput | { thread: string }> {
  const chosen = [
    flags.approve === true,
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
  if (flags.approve === true) {
    if (flags.file !== undefined || flags.line !== undefined)
      throw usage("an approval is about the whole pull request", "drop --file and --line");
    return { approve: true, ...(flags.body === undefined ? {} : { body: flags.body }) };
  }
  if (flags.body !== undefined)
    throw usage("--body goes with --approve", "the text of --request-changes or --comment is its body");
  const line = flags.line === undefined ? undefined : Number(flags.line);
  if (line !== undefined && !/^\d+$/.test(flags.line ?? ""))
    throw usage(`--line ${flags.line ?? ""} is not a line number`, "lines count from 1");
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
