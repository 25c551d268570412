import type { Command } from "commander";
import type { CliRuntime } from "./cli-runtime.js";

/** What each src/cli/commands/<group>.ts exports: it adds its top-level command(s) to the program. */
export type RegisterCommands = (program: Command, cli: CliRuntime) => void;

/**
 * One command module: the top-level names (and aliases) it registers, and how to import it. Each
 * `import()` is its own chunk in dist/bundle/, so `ao status` compiles the status command and its
 * imports, not the other 31 modules (docs/performance.md). Listed in `ao --help`'s order.
 */
export interface CommandModule {
  names: readonly string[];
  load(): Promise<RegisterCommands>;
  /** Walks the whole tree (help, completion): it needs every command registered. */
  needsTree?: true;
  /** Run by ao itself, not by people: left out of `ao --help` (its own --help still works). */
  hidden?: true;
}

export const COMMAND_MODULES: readonly CommandModule[] = [
  { names: ["init"], load: async () => (await import("./commands/init.js")).registerInitCommand },
  { names: ["doctor"], load: async () => (await import("./commands/doctor.js")).registerDoctorCommand },
  { names: ["update"], load: async () => (await import("./commands/update.js")).registerUpdateCommand },
  { names: ["config"], load: async () => (await import("./commands/config.js")).registerConfigCommand },
  { names: ["plugin"], load: async () => (await import("./commands/plugin.js")).registerPluginCommand },
  {
    names: ["spawn", "batch-spawn"],
    load: async () => (await import("./commands/spawn.js")).registerSpawnCommand,
  },
  { names: ["send"], load: async () => (await import("./commands/send.js")).registerSendCommand },
  { names: ["turns"], load: async () => (await import("./commands/turns.js")).registerTurnsCommand },
  {
    names: ["approve", "deny"],
    load: async () => (await import("./commands/approve.js")).registerApproveCommands,
  },
  { names: ["status"], load: async () => (await import("./commands/status.js")).registerStatusCommand },
  {
    names: ["conflicts"],
    load: async () => (await import("./commands/conflicts.js")).registerConflictsCommand,
  },
  { names: ["queue"], load: async () => (await import("./commands/queue.js")).registerQueueCommand },
  { names: ["cost"], load: async () => (await import("./commands/cost.js")).registerCostCommand },
  { names: ["session"], load: async () => (await import("./commands/session.js")).registerSessionCommand },
  { names: ["open"], load: async () => (await import("./commands/open.js")).registerOpenCommand },
  { names: ["start"], load: async () => (await import("./commands/start.js")).registerStartCommand },
  { names: ["stop"], load: async () => (await import("./commands/stop.js")).registerStopCommand },
  {
    names: ["dashboard"],
    load: async () => (await import("./commands/dashboard.js")).registerDashboardCommand,
  },
  { names: ["demo"], load: async () => (await import("./commands/demo.js")).registerDemoCommand },
  { names: ["events"], load: async () => (await import("./commands/events.js")).registerEventsCommand },
  { names: ["ci"], load: async () => (await import("./commands/ci.js")).registerCiCommand },
  { names: ["review"], load: async () => (await import("./commands/review.js")).registerReviewCommand },
  {
    names: ["review-check"],
    load: async () => (await import("./commands/review-check.js")).registerReviewCheckCommand,
  },
  {
    names: ["report", "acknowledge"],
    load: async () => (await import("./commands/report.js")).registerReportCommands,
  },
  {
    names: ["completion"],
    load: async () => (await import("./commands/completion.js")).registerCompletionCommand,
    needsTree: true,
  },
  { names: ["merge"], load: async () => (await import("./commands/merge.js")).registerMergeCommand },
  { names: ["issue"], load: async () => (await import("./commands/issue.js")).registerIssueCommand },
  { names: ["verify"], load: async () => (await import("./commands/verify.js")).registerVerifyCommand },
  { names: ["mcp"], load: async () => (await import("./commands/mcp.js")).registerMcpCommand },
  { names: ["plan"], load: async () => (await import("./commands/plan.js")).registerPlanCommand },
  {
    names: ["acp-host"],
    load: async () => (await import("./commands/acp-host.js")).registerAcpHostCommand,
    hidden: true,
  },
];
