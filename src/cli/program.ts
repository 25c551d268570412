import { Command } from "commander";
import type { CliRuntime } from "./cli-runtime.js";

/**
 * The command tree. Each group lives in src/cli/commands/<group>.ts and exports one
 * `register<Group>Command(program, cli)`; bodies import their core code lazily so that
 * `ao --help` stays fast.
 */
export function buildProgram(cli: CliRuntime, version: string): Command {
  const program = new Command("ao")
    .description("Run many AI coding agents in parallel: one worktree, branch, session and PR per task.")
    .version(version, "-V, --version", "print the version")
    .option(
      "-c, --config <path>",
      "configuration file (default: AO_CONFIG_PATH, then agent-orchestrator.yaml upwards)",
    )
    .option("-v, --verbose", "also log to stderr")
    .option("--debug", "log everything to stderr and print stacks on errors")
    .showSuggestionAfterError(true)
    .showHelpAfterError("(run with --help for usage)");
  void cli;
  return program;
}
