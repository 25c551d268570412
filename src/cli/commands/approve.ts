import type { Command } from "commander";
import type { AnswerResult, Verdict } from "../../core/turns/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, timeoutFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";
import { terminalCell } from "../terminal-text.js";

/**
 * `ao approve <session> [option-id]` and `ao deny <session>`: answer the permission question an ACP
 * agent asks (docs/acp.md), typed into its session as a person would; never a turn.
 */
export function registerApproveCommands(program: Command, cli: CliRuntime): void {
  register(
    program,
    cli,
    "approve",
    "allow what the session's agent asks to do (its first allow option, or the one named)",
  );
  register(
    program,
    cli,
    "deny",
    "refuse what the session's agent asks to do (its first reject option, else cancel the question)",
  );
}

const FLAGS = defineFlags({
  ...timeoutFlag("how long the agent may take to take the answer", "10s"),
  ...jsonFlag(),
});

function register(program: Command, cli: CliRuntime, verdict: Verdict, description: string): void {
  const command = program
    .command(verdict)
    .description(description)
    .argument("<session>", "session id, e.g. app-3");
  if (verdict === "approve")
    command.argument(
      "[option-id]",
      "the option to give, as `ao status --json` lists it (activity.question.options)",
    );
  addFlags(command, FLAGS).action(
    cli.action(async (ctx, session: string, ...rest: unknown[]) => {
      const [optionId, , self] = verdict === "approve" ? rest : [undefined, ...rest];
      const flags = await readFlags(FLAGS, self as Command);
      const { answerSessionQuestion } = await import("../../core/turns/index.js");
      const result = await answerSessionQuestion(ctx, session, verdict, {
        configPath: globalOptions(self as Command).config,
        optionId: optionId as string | undefined,
        timeoutMs: flags.timeout,
      });
      if (flags.json) writeJson(ctx.stdout, result);
      else ctx.stderr.write(`${answerLine(result)}\n`);
      return result.confirmed ? 0 : 1;
    }),
  );
}

/** "app-1: answered "Edit parser.ts" with Allow (allow_once)"; or why it is not confirmed. */
function answerLine(result: AnswerResult): string {
  const title = `"${terminalCell(result.question.title)}"`;
  const given =
    result.option === null
      ? `cancelled ${title}`
      : `answered ${title} with ${terminalCell(result.option.name)} (${result.option.kind || result.option.id})`;
  if (!result.confirmed)
    return `${result.session}: ${given}, but the agent still asks it; see it with: ao session attach ${result.session}`;
  const next = result.activity.question;
  const then =
    next === undefined
      ? `; the agent is ${result.activity.activity}`
      : `; it asks next: "${terminalCell(next.title)}"`;
  return `${result.session}: ${given}${then}`;
}
