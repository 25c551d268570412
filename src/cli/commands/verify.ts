import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, projectFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { terminalText } from "../terminal-text.js";

const FLAGS = defineFlags({
  fail: { type: "boolean", description: "verification failed: reopen the issue instead" },
  comment: { type: "string", value: "text", description: "the comment posted on the issue" },
  ...projectFlag(),
  ...jsonFlag(),
});

/** `ao verify <issue>`: marks a merged issue verified (closed) or, with `--fail`, reopens it. */
export function registerVerifyCommand(program: Command, cli: CliRuntime): void {
  const verify = program
    .command("verify")
    .description("after a merge, mark an issue verified (closed with a comment) or --fail to reopen it")
    .argument("<issue>", "the issue: 12, #12, a URL or a file path, as the tracker accepts");
  addFlags(verify, FLAGS).action(
    cli.action(async (ctx, ref: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { verifyProjectIssue } = await import("../../core/issues/index.js");
      const result = await verifyProjectIssue(ctx, ref, {
        project: flags.project,
        configPath: globalOptions(command).config,
        fail: flags.fail,
        comment: flags.comment,
      });
      if (flags.json) writeJson(ctx.stdout, result);
      else
        writeLines(ctx.stdout, [
          terminalText(`${result.issue.id} ${result.verdict}: state ${result.issue.state}`),
        ]);
      return 0;
    }),
  );
}
