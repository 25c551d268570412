import type { Command } from "commander";
import type { AoContext } from "../core/context.js";

/** Options every command accepts (declared once on the root program). */
export interface GlobalOptions {
  config?: string;
  verbose?: boolean;
  debug?: boolean;
}

/**
 * What command files get from main.ts: a way to build the context for the options the person
 * passed, and a wrapper that turns a command body into a commander action. A body returns the
 * exit code it wants (default 0); errors go to main.ts's one handler.
 */
export interface CliRuntime {
  context(command: Command): AoContext;
  action<Args extends unknown[]>(
    body: (ctx: AoContext, ...args: Args) => Promise<number | void>,
  ): (...args: Args) => Promise<void>;
}

/** The global options as seen from any (sub)command. */
export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}
