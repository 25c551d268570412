import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, projectFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  ...projectFlag("only this project's sessions"),
  since: { type: "duration", description: "only usage of the last duration, e.g. 7d or 12h" },
  by: {
    type: "enum",
    values: ["session", "project", "day", "agent"],
    value: "grouping",
    default: "session",
    description: "one row per session, project, day or agent",
  },
  ...jsonFlag("print the groups and the total as JSON"),
});

/** `ao cost`: what the sessions spent, from what their agents recorded (docs/cost.md). */
export function registerCostCommand(program: Command, cli: CliRuntime): void {
  const cost = program
    .command("cost")
    .description(
      "what the sessions spent: tokens and USD from the agents' own records, unknown where they keep none",
    );
  addFlags(cost, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const since = flags.since === undefined ? undefined : ctx.clock.now() - flags.since;
      const { costReport } = await import("../../core/cost/index.js");
      const { costText } = await import("../../core/cost/index.js");
      const { budgetGapLine } = await import("../../core/cost/index.js");
      const report = await costReport(ctx, {
        project: flags.project,
        since,
        by: flags.by,
        configPath: globalOptions(command).config,
      });
      if (flags.json) {
        writeJson(ctx.stdout, report);
        return 0;
      }
      const { costLines } = await import("../../core/cost/index.js");
      const rows = [...report.groups, { ...report.total, key: "total" }];
      const kind = (row: (typeof rows)[number], name: "input" | "output" | "cacheRead" | "cacheWrite") =>
        row.tokensByKind === null ? "unknown" : String(row.tokensByKind[name]);
      writeLines(ctx.stdout, [
        ...renderTable(rows, [
          { header: flags.by, value: (row) => row.key },
          { header: "cost", value: (row) => costText(row) },
          { header: "tokens", value: (row) => (row.tokens === null ? "unknown" : String(row.tokens)) },
          { header: "input", value: (row) => kind(row, "input") },
          { header: "output", value: (row) => kind(row, "output") },
          { header: "cache read", value: (row) => kind(row, "cacheRead") },
          { header: "cache write", value: (row) => kind(row, "cacheWrite") },
          { header: "turns", value: (row) => String(row.turns) },
          { header: "unknown turns", value: (row) => String(row.unknownTurns) },
        ]),
        `prices: ao's table of ${report.priceTableDate} with the config's pricing: on top`,
        ...costLines(report),
        ...report.unenforcedBudgets.map(budgetGapLine),
      ]);
      return 0;
    }),
  );
}
