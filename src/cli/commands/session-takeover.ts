import type { Command } from "commander";
import type { HandOverResult } from "../../core/turns/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag('print { "session", "to", "delivered" } as JSON'));

const WHAT = {
  takeover: {
    to: "tui",
    description:
      "hand an ACP session's conversation to the agent's own TUI in its terminal (claude --resume); ao types nothing into it until handback",
  },
  handback: {
    to: "ao",
    description: "end the TUI of a taken-over session and give the conversation back to ao over ACP",
  },
} as const;

/**
 * `ao session takeover <id>` and `ao session handback <id>` (docs/acp.md, "Taking over"): a person
 * drives the agent's own TUI in the session's terminal (`ao session attach`) and returns it.
 */
export function registerSessionTakeover(session: Command, cli: CliRuntime): void {
  for (const [name, { to, description }] of Object.entries(WHAT)) {
    const command = session.command(name).description(description).argument("<id>", "session id");
    addFlags(command, FLAGS).action(
      cli.action(async (ctx, id: string, _flags: unknown, own: Command) => {
        const flags = await readFlags(FLAGS, own);
        const { handOverSessionTurns } = await import("../../core/turns/index.js");
        const result = await handOverSessionTurns(ctx, id, to, { configPath: globalOptions(own).config });
        if (flags.json) writeJson(ctx.stdout, { ...result, delivered: result.delivered ?? null });
        else writeLines(ctx.stdout, [handOverLine(result)]);
        return 0;
      }),
    );
  }
}

function handOverLine(result: HandOverResult): string {
  if (result.to === "tui")
    return `${result.session}: taken over — ao session attach ${result.session} shows the agent's TUI; ao session handback ${result.session} gives it back`;
  const delivered = result.delivered === undefined ? "" : `; delivered the queued ${result.delivered}`;
  return `${result.session}: handed back to ao over ACP${delivered}`;
}
