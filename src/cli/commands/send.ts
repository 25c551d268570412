import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson } from "../render.js";

/**
 * `--no-wait` is deliberately absent: the Runtime interface has one `deliver`, which pastes, submits
 * and waits for confirmation, and offers no way to submit without confirming (docs/sessions.md).
 */
export function registerSendCommand(program: Command, cli: CliRuntime): void {
  program
    .command("send")
    .description("send a message to a session's agent, exactly as written; exits 0 once it is confirmed")
    .argument("<session>", "session id, e.g. app-3")
    .argument("[message...]", "the message (joined with spaces); default: --file, else stdin")
    .option("--file <path>", "read the message from a file")
    .option("--json", "print the delivery as JSON")
    .action(
      cli.action(
        async (
          ctx,
          session: string,
          words: string[],
          flags: { file?: string; json?: boolean },
          command: Command,
        ) => {
          const { sendMessage } = await import("../../core/sessions/send-message.js");
          const result = await sendMessage(
            ctx,
            session,
            { words, file: flags.file },
            { configPath: globalOptions(command).config },
          );
          if (flags.json === true) writeJson(ctx.stdout, result);
          else
            ctx.stderr.write(
              `${session}: delivered ${result.bytes} bytes (submit pressed ${result.attempts}×)\n`,
            );
          return 0;
        },
      ),
    );
}
