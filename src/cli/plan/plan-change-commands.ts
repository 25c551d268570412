import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { revisionArg } from "./revision-arg.js";
import { renderTable, writeJson, writeLines } from "../render.js";
import { terminalCell } from "../terminal-text.js";

interface EditFlags {
  baseRevision?: number;
  file?: string;
  ticket?: string;
  title?: string;
  body?: string;
  bodyFile?: string;
  role?: string;
  dependsOn?: string;
  startFrom?: string;
  outputSchema?: string;
  delete?: boolean;
  json?: boolean;
}

async function editOf(ctx: Parameters<Parameters<CliRuntime["action"]>[0]>[0], flags: EditFlags) {
  const { AoError } = await import("../../core/errors.js");
  const changes = await import("../../core/plans/index.js");
  if ((flags.file === undefined) === (flags.ticket === undefined))
    throw new AoError("E_USAGE", "say what to change: --ticket <id> with its changes, or --file <patch>", {
      hint: "e.g. ao plan edit plan-1 --ticket B --title 'API v2' --depends-on A,C --base-revision 3",
    });
  if (flags.file !== undefined) return changes.editFromFile(ctx, flags.file);
  const { readPlanFile } = await import("../../core/plans/index.js");
  const body = flags.bodyFile === undefined ? flags.body : (await readPlanFile(ctx, flags.bodyFile)).text;
  const schema =
    flags.outputSchema === undefined
      ? undefined
      : flags.outputSchema === "none"
        ? null
        : (JSON.parse((await readPlanFile(ctx, flags.outputSchema)).text) as unknown);
  return changes.editFromFlags({ ...flags, ticket: flags.ticket!, body, outputSchema: schema });
}

/** `ao plan edit | rewind | approve | cancel | playbook`: the changes a person makes to a plan. */
export function registerPlanChangeCommands(plan: Command, cli: CliRuntime): void {
  plan
    .command("edit")
    .description(
      "edit a proposed plan's ticket (title, body, role, dependencies, output schema) or delete it",
    )
    .argument("<plan>", "the plan")
    .option(
      "--base-revision <n>",
      "the revision the edit was made on (required; or baseRevision in --file)",
      revisionArg,
    )
    .option(
      "--file <patch>",
      "a patch (YAML/JSON): { tickets: { B: { title: …, dependsOn: [A] }, C: { delete: true } } }",
    )
    .option("--ticket <id>", "the ticket the flags below change")
    .option("--title <text>", "the ticket's new title")
    .option("--body <text>", "the ticket's new body")
    .option("--body-file <path>", "read the new body from a file")
    .option("--role <role>", "one of the plan's roles (a role cannot be pinned to a named agent)")
    .option("--depends-on <ids>", "the ticket's dependencies, comma-separated ('none' for none)")
    .option("--start-from <id>", "start from this dependency's branch ('none': the default branch)")
    .option("--output-schema <file>", "a JSON Schema file for the ticket's output ('none' removes it)")
    .option("--delete", "delete the ticket")
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(async (ctx, planId: string, flags: EditFlags) => {
        const { editPlanCommand } = await import("../../core/plans/index.js");
        const view = await editPlanCommand(ctx, planId, {
          edit: await editOf(ctx, flags),
          baseRevision: flags.baseRevision,
        });
        if (flags.json === true) return writeJson(ctx.stdout, view);
        writeLines(ctx.stdout, [
          `${view.plan.id}: revision ${view.revision.revision} (edit on ${view.revision.baseRevision})`,
        ]);
      }),
    );

  plan
    .command("rewind")
    .description("append an old revision again as the newest one (the timeline only grows)")
    .argument("<plan>", "the plan")
    .argument("<revision>", "the revision to go back to", revisionArg)
    .requiredOption("--base-revision <n>", "the latest revision, as you saw it", revisionArg)
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(async (ctx, planId: string, to: number, flags: { baseRevision: number; json?: boolean }) => {
        const { rewindPlanCommand } = await import("../../core/plans/index.js");
        const view = await rewindPlanCommand(ctx, planId, to, flags.baseRevision);
        if (flags.json === true) return writeJson(ctx.stdout, view);
        writeLines(ctx.stdout, [`${view.plan.id}: revision ${view.revision.revision} = revision ${to}`]);
      }),
    );

  plan
    .command("approve")
    .description("approve a proposed plan at the revision you reviewed (a person's act; no agent can)")
    .argument("<plan>", "the plan")
    .requiredOption("--revision <n>", "the revision you reviewed (it must be the latest)", revisionArg)
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(async (ctx, planId: string, flags: { revision: number; json?: boolean }) => {
        const { approvePlanCommand } = await import("../../core/plans/index.js");
        const approved = await approvePlanCommand(ctx, planId, flags.revision);
        if (flags.json === true) return writeJson(ctx.stdout, { plan: approved });
        writeLines(ctx.stdout, [`${approved.id}: approved at revision ${approved.approvedRevision}`]);
      }),
    );

  plan
    .command("cancel")
    .description("cancel a plan that has not ended")
    .argument("<plan>", "the plan")
    .option("--reason <text>", "why (shown on the plan)")
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(async (ctx, planId: string, flags: { reason?: string; json?: boolean }) => {
        const { cancelPlanCommand } = await import("../../core/lifecycle/index.js");
        const cancelled = await cancelPlanCommand(ctx, planId, flags.reason);
        if (flags.json === true) return writeJson(ctx.stdout, { plan: cancelled });
        writeLines(ctx.stdout, [`${cancelled.id}: cancelled`]);
      }),
    );

  plan
    .command("reject")
    .description("reject a proposed plan at the revision you reviewed, saying why (it is then cancelled)")
    .argument("<plan>", "the plan")
    .requiredOption("--revision <n>", "the revision you reviewed (it must be the latest)", revisionArg)
    .requiredOption("--reason <text>", "why: whoever proposed the plan reads it")
    .option("--json", "print the plan as JSON")
    .action(
      cli.action(async (ctx, planId: string, flags: { revision: number; reason: string; json?: boolean }) => {
        const { rejectPlanCommand } = await import("../../core/lifecycle/index.js");
        const rejected = await rejectPlanCommand(ctx, planId, {
          revision: flags.revision,
          reason: flags.reason,
        });
        if (flags.json === true) return writeJson(ctx.stdout, { plan: rejected });
        writeLines(ctx.stdout, [
          `${rejected.id}: rejected at revision ${flags.revision} (${rejected.status})`,
        ]);
      }),
    );

  const playbook = plan.command("playbook").description("saved plan templates ({{name}} placeholders)");
  playbook
    .command("save")
    .description("save a plan (or a plan file) as a playbook; run it with the run_playbook tool")
    .argument("<name>", "the playbook's name")
    .option("--from <plan>", "a plan, or plan@revision (default: its latest revision)")
    .option("--file <path>", "a proposal file instead")
    .option("--description <text>", "what the playbook is for")
    .option("--json", "print the playbook as JSON")
    .action(
      cli.action(
        async (
          ctx,
          name: string,
          flags: { from?: string; file?: string; description?: string; json?: boolean },
        ) => {
          const { savePlaybookCommand } = await import("../../core/plans/index.js");
          const saved = await savePlaybookCommand(ctx, { name, ...flags });
          if (flags.json === true) return writeJson(ctx.stdout, { playbook: saved });
          writeLines(ctx.stdout, [`playbook ${saved.name}: ${saved.proposal.tickets.length} tickets`]);
        },
      ),
    );
  playbook
    .command("ls")
    .description("list the saved playbooks")
    .option("--json", "print the playbooks as JSON")
    .action(
      cli.action(async (ctx, flags: { json?: boolean }) => {
        const { listPlaybooksCommand } = await import("../../core/plans/index.js");
        const playbooks = await listPlaybooksCommand(ctx);
        if (flags.json === true) return writeJson(ctx.stdout, { playbooks });
        if (playbooks.length === 0)
          return writeLines(ctx.stdout, ["no playbooks (ao plan playbook save <name> --from <plan>)"]);
        writeLines(
          ctx.stdout,
          renderTable(playbooks, [
            { header: "name", value: (p) => p.name },
            { header: "tickets", value: (p) => String(p.proposal.tickets.length) },
            { header: "description", value: (p) => terminalCell(p.description ?? "") },
          ]),
        );
      }),
    );
}
