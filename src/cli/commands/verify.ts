import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";
import { terminalText } from "../terminal-text.js";

interface VerifyFlags {
  project?: string;
  fail?: boolean;
  comment?: string;
  json?: boolean;
}

/** `ao verify <issue>`: marks a merged issue verified (closed) or, with `--fail`, reopens it. */
export function registerVerifyCommand(program: Command, cli: CliRuntime): void {
  program
    .command("verify")
    .description("after a merge, mark an issue verified (closed with a comment) or --fail to reopen it")
    .argument("<issue>", "the issue: 12, #12, a URL or a file path, as the tracker accepts")
    .option("--fail", "verification failed: reopen the issue instead")
    .option("--comment <text>", "the comment posted on the issue")
    .option("--project <id>", "the project (default: the only one, or the one around this directory)")
    .option("--json", "print the result as JSON")
    .action(
      cli.action(async (ctx, ref: string, flags: VerifyFlags, command: Command) => {
        const { verifyProjectIssue } = await import("../../core/issues/index.js");
        const result = await verifyProjectIssue(ctx, ref, {
          project: flags.project,
          configPath: globalOptions(command).config,
          fail: flags.fail,
          comment: flags.comment,
        });
        if (flags.json === true) writeJson(ctx.stdout, result);
        else
          writeLines(ctx.stdout, [
            terminalText(`${result.issue.id} ${result.verdict}: state ${result.issue.state}`),
          ]);
        return 0;
      }),
    );
}
