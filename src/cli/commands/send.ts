import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson } from "../render.js";

interface SendFlags {
  file?: string;
  json?: boolean;
  /** commander's negation of --no-wait: false when the flag is given. */
  wait?: boolean;
}

interface Delivered {
  session: string;
  confirmed: boolean;
  submitted: boolean;
  waited: boolean;
  attempts: number;
  bytes: number;
}

export function registerSendCommand(program: Command, cli: CliRuntime): void {
  program
    .command("send")
    .description(
      "send a message to a session's agent, exactly as written; exits 0 once it is confirmed (--no-wait: submitted)",
    )
    .argument("<session>", "session id, e.g. app-3")
    .argument("[message...]", "the message (joined with spaces); default: --file, else stdin")
    .option("--file <path>", "read the message from a file")
    .option(
      "--no-wait",
      "paste the text, wait until it shows, press Enter, and exit 0 without waiting for the agent to start on it",
    )
    .option("--json", "print the delivery as JSON")
    .action(
      cli.action(async (ctx, session: string, words: string[], flags: SendFlags, command: Command) => {
        const { sendMessage } = await import("../../core/sessions/send-message.js");
        const result = await sendMessage(
          ctx,
          session,
          { words, file: flags.file },
          { configPath: globalOptions(command).config, wait: flags.wait !== false },
        );
        if (flags.json === true) writeJson(ctx.stdout, result);
        else ctx.stderr.write(`${describeDelivery(result)}\n`);
        return 0;
      }),
    );
}

/** Says what was confirmed and, with --no-wait, what was not. */
function describeDelivery(result: Delivered): string {
  const delivered = `${result.session}: delivered ${result.bytes} bytes`;
  if (result.confirmed) return `${delivered}, confirmed (submit pressed ${result.attempts}×)`;
  return `${delivered} and pressed Enter once; not confirmed that the agent started on it (--no-wait)`;
}
