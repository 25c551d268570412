import type { Command } from "commander";
import type { MergeMethod } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  method: {
    type: "enum",
    values: ["merge", "squash", "rebase"] satisfies readonly MergeMethod[],
    value: "method",
    description:
      "merge, squash or rebase; default: the scm's (github: its mergeMethod option, squash; local: merge, a fast-forward when possible)",
  },
  sha: {
    type: "string",
    value: "sha",
    description: "merge only if the pull request's head is this commit (7+ hex digits)",
  },
  force: {
    type: "boolean",
    description: "merge even though CI is failing (the pr.merged event records it as forced)",
  },
  ...jsonFlag("print the merge as JSON"),
});

/** `ao merge <session>`: merges the session's pull request at the head seen now. */
export function registerMergeCommand(program: Command, cli: CliRuntime): void {
  const merge = program
    .command("merge")
    .description(
      "merge a session's pull request, guarded by the head observed now (local: into the main checkout)",
    )
    .argument("<session>", "session id, e.g. app-3");
  addFlags(merge, FLAGS).action(
    cli.action(async (ctx, session: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { mergeSession } = await import("../../core/sessions/index.js");
      const result = await mergeSession(ctx, session, {
        method: flags.method,
        expectedSha: flags.sha,
        force: flags.force,
        configPath: globalOptions(command).config,
      });
      if (flags.json) {
        writeJson(ctx.stdout, result);
        return 0;
      }
      const into = result.pr.base === undefined ? "" : ` into ${result.pr.base}`;
      writeLines(ctx.stdout, [
        `${session}: merged pull request #${String(result.pr.number)}${into} at ${result.sha.slice(0, 12)}${result.method ? ` (${result.method})` : ""}`,
      ]);
      // Red CI needs --force; a request for changes is a person's call: say so, do not block it.
      if (result.forced) ctx.stderr.write(`warning: ${session}'s CI was failing (merged with --force)\n`);
      if (result.review === "changes_requested")
        ctx.stderr.write(`warning: changes were requested on ${session}'s pull request\n`);
      return 0;
    }),
  );
}
