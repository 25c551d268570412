import { Command, type OutputConfiguration } from "commander";
import type { CliRuntime } from "./cli-runtime.js";
import { registerCiCommand } from "./commands/ci.js";
import { registerCompletionCommand } from "./commands/completion.js";
import { registerConfigCommand } from "./commands/config.js";
import { registerDashboardCommand } from "./commands/dashboard.js";
import { registerDemoCommand } from "./commands/demo.js";
import { registerDoctorCommand } from "./commands/doctor.js";
import { registerEventsCommand } from "./commands/events.js";
import { registerInitCommand } from "./commands/init.js";
import { registerIssueCommand } from "./commands/issue.js";
import { registerVerifyCommand } from "./commands/verify.js";
import { registerMcpCommand } from "./commands/mcp.js";
import { registerMergeCommand } from "./commands/merge.js";
import { registerOpenCommand } from "./commands/open.js";
import { registerPlanCommand } from "./commands/plan.js";
import { registerPluginCommand } from "./commands/plugin.js";
import { registerReportCommands } from "./commands/report.js";
import { registerReviewCommand } from "./commands/review.js";
import { registerReviewCheckCommand } from "./commands/review-check.js";
import { registerSendCommand } from "./commands/send.js";
import { registerSessionCommand } from "./commands/session.js";
import { registerSpawnCommand } from "./commands/spawn.js";
import { registerStartCommand } from "./commands/start.js";
import { registerCostCommand } from "./commands/cost.js";
import { registerStatusCommand } from "./commands/status.js";
import { registerStopCommand } from "./commands/stop.js";
import { registerTurnsCommand } from "./commands/turns.js";
import { registerUpdateCommand } from "./commands/update.js";
import { addHelpExamples } from "./help-examples.js";
import { registerHelpCommand } from "./help-command.js";

/**
 * The command tree. Each group lives in src/cli/commands/<group>.ts and exports one
 * `register<Group>Command(program, cli)`; bodies import their core code lazily so that
 * `ao --help` stays fast.
 */
export function buildProgram(cli: CliRuntime, version: string, output: OutputConfiguration): Command {
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
    .showHelpAfterError("(run with --help for usage)")
    // Set before any subcommand exists: commander copies these settings into each new subcommand,
    // so usage errors anywhere in the tree reach run-cli's handler instead of exiting on their own.
    .exitOverride()
    .configureOutput(output);
  registerInitCommand(program, cli);
  registerDoctorCommand(program, cli);
  registerUpdateCommand(program, cli);
  registerConfigCommand(program, cli);
  registerPluginCommand(program, cli);
  registerSpawnCommand(program, cli);
  registerSendCommand(program, cli);
  registerTurnsCommand(program, cli);
  registerStatusCommand(program, cli);
  registerCostCommand(program, cli);
  registerSessionCommand(program, cli);
  registerOpenCommand(program, cli);
  registerStartCommand(program, cli);
  registerStopCommand(program, cli);
  registerDashboardCommand(program, cli);
  registerDemoCommand(program, cli);
  registerEventsCommand(program, cli);
  registerCiCommand(program, cli);
  registerReviewCommand(program, cli);
  registerReviewCheckCommand(program, cli);
  registerReportCommands(program, cli);
  registerCompletionCommand(program, cli);
  registerMergeCommand(program, cli);
  registerIssueCommand(program, cli);
  registerVerifyCommand(program, cli);
  registerMcpCommand(program, cli);
  registerPlanCommand(program, cli);
  registerHelpCommand(program);
  addHelpExamples(program);
  return program;
}
