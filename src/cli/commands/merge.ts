import type { Command } from "commander";
import type { MergeMethod } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

export function registerMergeCommand(program: Command, cli: CliRuntime): void {
  program
    .command("merge")
    .description(
      "merge a session's pull request, guarded by the head observed now (local: into the main checkout)",
    )
    .argument("<session>", "session id, e.g. app-3")
    .option(
      "--method <method>",
      "merge, squash or rebase; default: the scm's (github: its mergeMethod option, squash; local: merge, a fast-forward when possible)",
    )
    .option("--sha <sha>", "merge only if the pull request's head is this commit (7+ hex digits)")
    .option("--force", "merge even though CI is failing (the pr.merged event records it as forced)")
    .option("--json", "print the merge as JSON")
    .action(
      cli.action(
        async (
          ctx,
          session: string,
          flags: { method?: string; sha?: string; force?: boolean; json?: boolean },
          command: Command,
        ) => {
          const { MERGE_METHODS, mergeSession } = await import("../../core/sessions/index.js");
          if (flags.method !== undefined && !(MERGE_METHODS as readonly string[]).includes(flags.method)) {
            const { AoError } = await import("../../core/errors.js");
            throw new AoError("E_USAGE", `--method ${flags.method} is not a merge method`, {
              hint: `use one of: ${MERGE_METHODS.join(", ")}`,
            });
          }
          const result = await mergeSession(ctx, session, {
            method: flags.method as MergeMethod | undefined,
            expectedSha: flags.sha,
            force: flags.force,
            configPath: globalOptions(command).config,
          });
          if (flags.json === true) {
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
        },
      ),
    );
}
