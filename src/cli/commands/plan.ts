import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { registerPlanChangeCommands } from "../plan/plan-change-commands.js";
import { revisionArg } from "../plan/revision-arg.js";
import { renderTable, writeJson, writeLines } from "../render.js";

/**
 * `ao plan …` (issue 15, docs/plans.md): reviewed plans. An orchestrator (or a person) proposes,
 * a person edits and approves once, ao executes. There is no agent path to approval.
 */
export function registerPlanCommand(program: Command, cli: CliRuntime): void {
  const plan = program
    .command("plan")
    .description("reviewed plans: propose, revise, estimate and approve a plan for a team of agents");

  plan
    .command("propose")
    .description("propose a plan from a file (YAML or JSON; schema/plan-proposal.schema.json)")
    .argument("<project>", "the project the plan works in")
    .requiredOption("--file <path>", "the proposal: plan.yaml or plan.json")
    .option("--parent <issue>", "the issue the plan answers (its parent ticket)")
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(
        async (
          ctx,
          project: string,
          flags: { file: string; parent?: string; json?: boolean },
          command: Command,
        ) => {
          const { proposePlanFile } = await import("../../core/plans/index.js");
          const view = await proposePlanFile(
            ctx,
            { project, file: flags.file, parentIssue: flags.parent },
            { configPath: globalOptions(command).config },
          );
          if (flags.json === true) return writeJson(ctx.stdout, view);
          const { planCardLines } = await import("../plan/plan-lines.js");
          writeLines(ctx.stdout, planCardLines(view));
        },
      ),
    );

  plan
    .command("ls")
    .description("list the plans, oldest first")
    .option("--project <id>", "only this project's plans")
    .option("--json", "print the plans as JSON")
    .action(
      cli.action(async (ctx, flags: { project?: string; json?: boolean }) => {
        const { listPlanRecords } = await import("../../core/plans/index.js");
        const plans = await listPlanRecords(ctx, flags.project);
        if (flags.json === true) return writeJson(ctx.stdout, { plans });
        if (plans.length === 0)
          return writeLines(ctx.stdout, ["no plans (ao plan propose <project> --file plan.yaml)"]);
        const { PLAN_COLUMNS } = await import("../plan/plan-lines.js");
        writeLines(ctx.stdout, renderTable(plans, PLAN_COLUMNS));
      }),
    );

  plan
    .command("show")
    .description(
      "show a plan's card: steps with state, role and estimates, the critical path, totals, parent ticket, deliverable and revision timeline",
    )
    .argument("<plan>", "the plan, e.g. plan-1")
    .option("--revision <n>", "show this revision (default: the approved one, else the latest)", revisionArg)
    .option("--json", "print the card as JSON (what the dashboard's GET /api/plans/<id> serves)")
    .action(
      cli.action(async (ctx, planId: string, flags: { revision?: number; json?: boolean }) => {
        const { showPlan } = await import("../../core/plans/index.js");
        const view = await showPlan(ctx, planId, flags.revision);
        if (flags.json === true) return writeJson(ctx.stdout, view);
        const { planCardLines } = await import("../plan/plan-lines.js");
        writeLines(ctx.stdout, planCardLines(view));
      }),
    );

  plan
    .command("diff")
    .description("what changed between two revisions of a plan (tickets matched by id)")
    .argument("<plan>", "the plan")
    .argument("<from>", "the older revision", revisionArg)
    .argument("<to>", "the newer revision", revisionArg)
    .option("--json", "print the changes as JSON")
    .action(
      cli.action(async (ctx, planId: string, from: number, to: number, flags: { json?: boolean }) => {
        const { diffPlan } = await import("../../core/plans/index.js");
        const diff = await diffPlan(ctx, planId, from, to);
        if (flags.json === true) return writeJson(ctx.stdout, diff);
        const { diffLines } = await import("../plan/plan-lines.js");
        writeLines(ctx.stdout, diffLines(diff));
      }),
    );

  registerPlanChangeCommands(plan, cli);
}
