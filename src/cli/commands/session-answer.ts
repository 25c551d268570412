import type { Command } from "commander";
import type { SessionAnswer } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, timeoutFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";
import { terminalCell } from "../terminal-text.js";

const FLAGS = defineFlags({
  question: {
    type: "string",
    value: "id",
    description:
      "answer only if the agent still asks this question (its id, as `ao status --json` or the dashboard shows it)",
  },
  ...timeoutFlag("how long the dialog may take to leave the screen", "10s"),
  ...jsonFlag(),
});

/**
 * `ao session answer <id> <choice>`: answers what the session's agent asks, a terminal dialog's
 * choice (by number or words) or an ACP option (by id); exit 1 unless the agent took it.
 */
export function registerSessionAnswer(session: Command, cli: CliRuntime): void {
  const answer = session
    .command("answer")
    .description(
      "answer the question the session's agent asks: a dialog's choice on its screen (its number or words) or an ACP option id; exit 1 if the agent still asks it",
    )
    .argument("<id>", "session id")
    .argument("<choice>", 'the choice: "1", "No", or an ACP option id such as allow-once');
  addFlags(answer, FLAGS).action(
    cli.action(async (ctx, id: string, choice: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { answerSession } = await import("../../core/sessions/index.js");
      const result = await answerSession(ctx, id, choice, {
        configPath: globalOptions(command).config,
        questionId: flags.question,
        timeoutMs: flags.timeout,
        by: "cli",
      });
      if (flags.json) writeJson(ctx.stdout, result);
      else ctx.stderr.write(`${answerLine(result)}\n`);
      return result.confirmed ? 0 : 1;
    }),
  );
}

/** `app-1: answered "Do you want to proceed?" with "Yes"; the agent is working`, or why not confirmed. */
function answerLine(result: SessionAnswer): string {
  const asked = terminalCell(result.question.text.split("\n").at(-1) ?? "");
  const given = `answered "${asked}" with "${terminalCell(result.choice.name)}"`;
  if (!result.confirmed)
    return `${result.session}: ${given}, but the agent still asks it; see it with: ao session attach ${result.session}`;
  const then =
    result.next === null
      ? `the agent is ${result.activity}`
      : `it asks next: "${terminalCell(result.next.text.split("\n").at(-1) ?? "")}"`;
  return `${result.session}: ${given}; ${then}`;
}
