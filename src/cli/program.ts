import { Command, type OutputConfiguration } from "commander";
import type { CliRuntime } from "./cli-runtime.js";
import { COMMAND_MODULES, type CommandModule } from "./command-modules.js";
import { addFlags, defineFlags } from "./flags.js";
import { addHelpExamples } from "./help-examples.js";
import { registerHelpCommand } from "./help-command.js";

/** The options every command accepts, read with `globalOptions(command)` (cli-runtime.ts). */
const GLOBAL_FLAGS = defineFlags({
  config: {
    type: "string",
    short: "-c",
    value: "path",
    description: "configuration file (default: AO_CONFIG_PATH, then agent-orchestrator.yaml upwards)",
  },
  verbose: { type: "boolean", short: "-v", description: "also log to stderr" },
  debug: { type: "boolean", description: "log everything to stderr and print stacks on errors" },
});

/**
 * The command tree, or the part of it one invocation needs (src/cli/invoked-modules.ts). Each group
 * lives in src/cli/commands/<group>.ts, listed in src/cli/command-modules.ts, and exports one
 * `register<Group>Command(program, cli)`; bodies import their core code lazily, so a command
 * compiles its own code only.
 */
export async function buildProgram(
  cli: CliRuntime,
  version: string,
  output: OutputConfiguration,
  modules: readonly CommandModule[] = COMMAND_MODULES,
): Promise<Command> {
  const program = new Command("ao")
    .description("Run many AI coding agents in parallel: one worktree, branch, session and PR per task.")
    .version(version, "-V, --version", "print the version");
  addFlags(program, GLOBAL_FLAGS)
    .showSuggestionAfterError(true)
    .showHelpAfterError("(run with --help for usage)")
    // Set before any subcommand exists: commander copies these settings into each new subcommand,
    // so usage errors anywhere in the tree reach run-cli's handler instead of exiting on their own.
    .exitOverride()
    .configureOutput(output);
  const registers = await Promise.all(modules.map((module) => module.load()));
  for (const register of registers) register(program, cli);
  registerHelpCommand(program);
  addHelpExamples(program);
  return program;
}
