import type { Command } from "commander";
import { type InterruptResult, turnView } from "../../core/turns/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, timeoutFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";

const FLAGS = defineFlags({
  ...timeoutFlag("how long the agent may take to be idle again", "10s"),
  ...jsonFlag(),
});

/** `ao session interrupt <id>`: ends the agent's turn its own way; exit 1 unless it is idle after. */
export function registerSessionInterrupt(session: Command, cli: CliRuntime): void {
  const interrupt = session
    .command("interrupt")
    .description(
      "stop the agent's current turn the way it expects (Escape or Ctrl-C) and confirm it is idle again; exit 1 if it is not",
    )
    .argument("<id>", "session id");
  addFlags(interrupt, FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { interruptSessionTurn } = await import("../../core/turns/index.js");
      const result = await interruptSessionTurn(ctx, id, {
        configPath: globalOptions(command).config,
        timeoutMs: flags.timeout,
      });
      if (flags.json) writeJson(ctx.stdout, interruptJson(result));
      else ctx.stderr.write(`${interruptLine(result)}\n`);
      return result.idle ? 0 : 1;
    }),
  );
}

function interruptJson(result: InterruptResult): Record<string, unknown> {
  return {
    session: result.session,
    idle: result.idle,
    activity: result.activity,
    keys: result.keys,
    turn: result.turn === undefined ? null : turnView(result.turn),
  };
}

function interruptLine(result: InterruptResult): string {
  const keys = result.keys.length === 0 ? "no key needed" : `pressed ${result.keys.join(", then ")}`;
  const turn = result.turn === undefined ? "no open turn" : `${result.turn.id} ${result.turn.status}`;
  if (result.idle) return `${result.session}: ${turn} (${keys}); the agent is idle`;
  return `${result.session}: the agent is not idle (${result.activity}) after the interrupt (${keys}); ${turn}`;
}
