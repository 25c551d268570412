import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { SendResult, SendWait } from "../../core/sessions/index.js";
import type { Turn } from "../../core/store/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, timeoutFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";
import { onSendInterrupt } from "./send-interrupt.js";

const FLAGS = defineFlags({
  file: { type: "string", value: "path", description: "read the message from a file" },
  wait: {
    type: "boolean",
    description: "also wait until the agent ends the turn; print its reply; exit 0 only if it completed",
    negate:
      "do not wait in line: deliver now if the agent has no open turn (press Enter once, without waiting for the agent to start on it), else leave the turn queued for the daemon",
  },
  ...timeoutFlag("how long to wait in line and, with --wait, for the reply", "10m"),
  overBudget: {
    type: "boolean",
    description:
      "give the turn although the session is over its budget (recorded as a budget.overridden event); never past a usage limit",
  },
  ...jsonFlag("print the turn and its delivery as JSON"),
});

/** `ao send <session> [message...]`: one turn for the agent, delivered in line. */
export function registerSendCommand(program: Command, cli: CliRuntime): void {
  const send = program
    .command("send")
    .description(
      "give a session's agent a turn: the message, exactly as written; waits in line behind the agent's open turn, and exits 0 once delivery is confirmed",
    )
    .argument("<session>", "session id, e.g. app-3")
    .argument("[message...]", "the message (joined with spaces); default: --file, else stdin");
  addFlags(send, FLAGS)
    .addHelpText(
      "after",
      "\nExit: 0 once delivered (with --wait: once the turn completed); 1 otherwise, naming the turn, so a script can pick it up with `ao turns show <turn>` or `ao turns wait <turn>`; 130 on Ctrl-C, after saying on stderr what state the turn was left in.",
    )
    .action(
      cli.action(async (ctx, session: string, words: string[], _flags: unknown, command: Command) => {
        const flags = await readFlags(FLAGS, command);
        const { sendMessage } = await import("../../core/sessions/index.js");
        const wait: SendWait = flags.wait === true ? "ended" : flags.wait === false ? "queued" : "delivered";
        const timeoutText = command.opts<{ timeout: string }>().timeout;
        const interrupt = onSendInterrupt(ctx);
        const result = await sendMessage(
          ctx,
          session,
          { words, file: flags.file },
          {
            configPath: globalOptions(command).config,
            wait,
            overBudget: flags.overBudget,
            timeoutMs: flags.timeout,
            onProgress: (turn, ahead) => ctx.stderr.write(`${progressLine(turn, ahead, timeoutText)}\n`),
            onGiven: interrupt.given,
          },
        ).finally(interrupt.dispose);
        if (flags.json) writeJson(ctx.stdout, result);
        else render(ctx.stdout, ctx.stderr, result);
        return 0;
      }),
    );
}

/** The reply (with --wait) is the result, on stdout; what happened goes to stderr. */
function render(stdout: OutputStream, stderr: OutputStream, result: SendResult): void {
  const reply = result.turn.reply;
  if (typeof reply === "string") stdout.write(reply.endsWith("\n") ? reply : `${reply}\n`);
  stderr.write(`${describeSend(result)}\n`);
}

/** Says what was confirmed and, with --no-wait, what was not. */
function describeSend(result: SendResult): string {
  const { turn } = result;
  const head = `${result.session}: ${turn.id}`;
  if (turn.status === "queued")
    return `${head} queued behind ${result.queuedBehind ?? "the open turn"}; the daemon (\`ao start\`) delivers it once that turn ends (--no-wait)`;
  if (turn.status === "completed") return `${head} completed (reply from the ${turn.replySource ?? "agent"})`;
  if (!result.waited && !result.confirmed)
    return `${head}: delivered ${result.bytes} bytes and pressed Enter once; not confirmed that the agent started on it (--no-wait)`;
  return `${head}: delivered ${result.bytes} bytes, confirmed (submit pressed ${result.attempts}×); the agent is working on it`;
}

function progressLine(turn: Turn, ahead: Turn | undefined, timeout: string): string {
  if (turn.status === "queued")
    return `${turn.sessionId}: ${turn.id} waits for ${ahead === undefined ? "its turn" : `${ahead.id} (${ahead.status})`} to end (--timeout ${timeout})`;
  return `${turn.sessionId}: ${turn.id} is ${turn.status}; waiting for the agent to finish (--timeout ${timeout})`;
}
