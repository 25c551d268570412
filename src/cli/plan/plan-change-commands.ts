import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { PLAN_JSON, REVISION } from "./plan-flags.js";
import { revisionArg } from "./revision-arg.js";

const REVIEWED = {
  revision: { ...REVISION, required: true, description: "the revision you reviewed (it must be the latest)" },
} as const;
const REWIND_FLAGS = defineFlags({
  baseRevision: { ...REVISION, required: true, description: "the latest revision, as you saw it" },
  ...PLAN_JSON,
});
const APPROVE_FLAGS = defineFlags({ ...REVIEWED, ...PLAN_JSON });
const CANCEL_FLAGS = defineFlags({
  reason: { type: "string", value: "text", description: "why (shown on the plan)" },
  ...PLAN_JSON,
});
const REJECT_FLAGS = defineFlags({
  ...REVIEWED,
  reason: {
    type: "string",
    value: "text",
    required: true,
    description: "why: whoever proposed the plan reads it",
  },
  ...PLAN_JSON,
});

/** `ao plan rewind | approve | cancel | reject`: a person's decisions on a plan's timeline. */
export function registerPlanChangeCommands(plan: Command, cli: CliRuntime): void {
  const rewind = plan
    .command("rewind")
    .description("append an old revision again as the newest one (the timeline only grows)")
    .argument("<plan>", "the plan")
    .argument("<revision>", "the revision to go back to", revisionArg);
  addFlags(rewind, REWIND_FLAGS).action(
    cli.action(async (ctx, planId: string, to: number, _flags: unknown, command: Command) => {
      const flags = await readFlags(REWIND_FLAGS, command);
      const { rewindPlanCommand } = await import("../../core/plans/index.js");
      const view = await rewindPlanCommand(ctx, planId, to, flags.baseRevision);
      if (flags.json) return writeJson(ctx.stdout, view);
      writeLines(ctx.stdout, [`${view.plan.id}: revision ${view.revision.revision} = revision ${to}`]);
    }),
  );

  const approve = plan
    .command("approve")
    .description("approve a proposed plan at the revision you reviewed (a person's act; no agent can)")
    .argument("<plan>", "the plan");
  addFlags(approve, APPROVE_FLAGS).action(
    cli.action(async (ctx, planId: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(APPROVE_FLAGS, command);
      const { approvePlanCommand } = await import("../../core/plans/index.js");
      const approved = await approvePlanCommand(ctx, planId, flags.revision);
      if (flags.json) return writeJson(ctx.stdout, { plan: approved });
      writeLines(ctx.stdout, [`${approved.id}: approved at revision ${approved.approvedRevision}`]);
    }),
  );

  const cancel = plan
    .command("cancel")
    .description("cancel a plan that has not ended")
    .argument("<plan>", "the plan");
  addFlags(cancel, CANCEL_FLAGS).action(
    cli.action(async (ctx, planId: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(CANCEL_FLAGS, command);
      const { cancelPlanCommand } = await import("../../core/lifecycle/index.js");
      const cancelled = await cancelPlanCommand(ctx, planId, flags.reason);
      if (flags.json) return writeJson(ctx.stdout, { plan: cancelled });
      writeLines(ctx.stdout, [`${cancelled.id}: cancelled`]);
    }),
  );

  const reject = plan
    .command("reject")
    .description("reject a proposed plan at the revision you reviewed, saying why (it is then cancelled)")
    .argument("<plan>", "the plan");
  addFlags(reject, REJECT_FLAGS).action(
    cli.action(async (ctx, planId: string, _flags: unknown, command: Command) => {
      const { revision, reason, json } = await readFlags(REJECT_FLAGS, command);
      const { rejectPlanCommand } = await import("../../core/lifecycle/index.js");
      const rejected = await rejectPlanCommand(ctx, planId, { revision, reason });
      if (json) return writeJson(ctx.stdout, { plan: rejected });
      writeLines(ctx.stdout, [`${rejected.id}: rejected at revision ${revision} (${rejected.status})`]);
    }),
  );
}
