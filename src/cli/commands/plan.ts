import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { registerPlanChangeCommands } from "../plan/plan-change-commands.js";
import { registerPlanEdit } from "../plan/plan-edit.js";
import { PLAN_JSON, REVISION } from "../plan/plan-flags.js";
import { registerPlaybookCommands } from "../plan/plan-playbook.js";
import { revisionArg } from "../plan/revision-arg.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const PROPOSE_FLAGS = defineFlags({
  file: {
    type: "string",
    value: "path",
    required: true,
    description: "the proposal: plan.yaml or plan.json",
  },
  parent: { type: "string", value: "issue", description: "the issue the plan answers (its parent ticket)" },
  ...PLAN_JSON,
});
const LS_FLAGS = defineFlags({
  project: { type: "string", value: "id", description: "only this project's plans" },
  ...jsonFlag("print the plans as JSON"),
});
const SHOW_FLAGS = defineFlags({
  revision: { ...REVISION, description: "show this revision (default: the approved one, else the latest)" },
  ...jsonFlag("print the card as JSON (what the dashboard's GET /api/plans/<id> serves)"),
});
const DIFF_FLAGS = defineFlags(jsonFlag("print the changes as JSON"));

/**
 * `ao plan …` (issue 15, docs/plans.md): reviewed plans. An orchestrator (or a person) proposes,
 * a person edits and approves once, ao executes. There is no agent path to approval.
 */
export function registerPlanCommand(program: Command, cli: CliRuntime): void {
  const plan = program
    .command("plan")
    .description("reviewed plans: propose, revise, estimate and approve a plan for a team of agents");

  const propose = plan
    .command("propose")
    .description("propose a plan from a file (YAML or JSON; schema/plan-proposal.schema.json)")
    .argument("<project>", "the project the plan works in");
  addFlags(propose, PROPOSE_FLAGS).action(
    cli.action(async (ctx, project: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(PROPOSE_FLAGS, command);
      const { proposePlanFile } = await import("../../core/plans/index.js");
      const view = await proposePlanFile(
        ctx,
        { project, file: flags.file, parentIssue: flags.parent },
        { configPath: globalOptions(command).config },
      );
      if (flags.json) return writeJson(ctx.stdout, view);
      const { planCardLines } = await import("../plan/plan-lines.js");
      writeLines(ctx.stdout, planCardLines(view));
    }),
  );

  const ls = plan.command("ls").description("list the plans, oldest first");
  addFlags(ls, LS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(LS_FLAGS, command);
      const { listPlanRecords } = await import("../../core/plans/index.js");
      const plans = await listPlanRecords(ctx, flags.project);
      if (flags.json) return writeJson(ctx.stdout, { plans });
      if (plans.length === 0)
        return writeLines(ctx.stdout, ["no plans (ao plan propose <project> --file plan.yaml)"]);
      const { PLAN_COLUMNS } = await import("../plan/plan-lines.js");
      writeLines(ctx.stdout, renderTable(plans, PLAN_COLUMNS));
    }),
  );

  const show = plan
    .command("show")
    .description(
      "show a plan's card: steps with state, role and estimates, the critical path, totals, parent ticket, deliverable and revision timeline",
    )
    .argument("<plan>", "the plan, e.g. plan-1");
  addFlags(show, SHOW_FLAGS).action(
    cli.action(async (ctx, planId: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(SHOW_FLAGS, command);
      const { showPlan } = await import("../../core/plans/index.js");
      const view = await showPlan(ctx, planId, flags.revision);
      if (flags.json) return writeJson(ctx.stdout, view);
      const { planCardLines } = await import("../plan/plan-lines.js");
      writeLines(ctx.stdout, planCardLines(view));
    }),
  );

  const diff = plan
    .command("diff")
    .description("what changed between two revisions of a plan (tickets matched by id)")
    .argument("<plan>", "the plan")
    .argument("<from>", "the older revision", revisionArg)
    .argument("<to>", "the newer revision", revisionArg);
  addFlags(diff, DIFF_FLAGS).action(
    cli.action(async (ctx, planId: string, from: number, to: number, _flags: unknown, command: Command) => {
      const flags = await readFlags(DIFF_FLAGS, command);
      const { diffPlan } = await import("../../core/plans/index.js");
      const changes = await diffPlan(ctx, planId, from, to);
      if (flags.json) return writeJson(ctx.stdout, changes);
      const { diffLines } = await import("../plan/plan-lines.js");
      writeLines(ctx.stdout, diffLines(changes));
    }),
  );

  registerPlanEdit(plan, cli);
  registerPlanChangeCommands(plan, cli);
  registerPlaybookCommands(plan, cli);
}
