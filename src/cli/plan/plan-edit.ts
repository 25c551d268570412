import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { CliRuntime } from "../cli-runtime.js";
import { addFlags, defineFlags, readFlags, type Flags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { PLAN_JSON, REVISION } from "./plan-flags.js";

const FLAGS = defineFlags({
  baseRevision: {
    ...REVISION,
    description: "the revision the edit was made on (required; or baseRevision in --file)",
  },
  file: {
    type: "string",
    value: "patch",
    description: "a patch (YAML/JSON): { tickets: { B: { title: …, dependsOn: [A] }, C: { delete: true } } }",
  },
  ticket: { type: "string", value: "id", description: "the ticket the flags below change" },
  title: { type: "string", value: "text", description: "the ticket's new title" },
  body: { type: "string", value: "text", description: "the ticket's new body" },
  bodyFile: { type: "string", value: "path", description: "read the new body from a file" },
  role: {
    type: "string",
    value: "role",
    description: "one of the plan's roles (a role cannot be pinned to a named agent)",
  },
  dependsOn: {
    type: "string",
    value: "ids",
    description: "the ticket's dependencies, comma-separated ('none' for none)",
  },
  startFrom: {
    type: "string",
    value: "id",
    description: "start from this dependency's branch ('none': the default branch)",
  },
  outputSchema: {
    type: "string",
    value: "file",
    description: "a JSON Schema file for the ticket's output ('none' removes it)",
  },
  delete: { type: "boolean", description: "delete the ticket" },
  ...PLAN_JSON,
});

/** `ao plan edit <plan>`: one ticket's changes from flags, or a patch file's. */
export function registerPlanEdit(plan: Command, cli: CliRuntime): void {
  const edit = plan
    .command("edit")
    .description(
      "edit a proposed plan's ticket (title, body, role, dependencies, output schema) or delete it",
    )
    .argument("<plan>", "the plan");
  addFlags(edit, FLAGS).action(
    cli.action(async (ctx, planId: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { editPlanCommand } = await import("../../core/plans/index.js");
      const view = await editPlanCommand(ctx, planId, {
        edit: await editOf(ctx, flags),
        baseRevision: flags.baseRevision,
      });
      if (flags.json) return writeJson(ctx.stdout, view);
      writeLines(ctx.stdout, [
        `${view.plan.id}: revision ${view.revision.revision} (edit on ${view.revision.baseRevision})`,
      ]);
    }),
  );
}

async function editOf(ctx: AoContext, flags: Flags<typeof FLAGS>) {
  const { AoError } = await import("../../core/errors.js");
  const changes = await import("../../core/plans/index.js");
  if ((flags.file === undefined) === (flags.ticket === undefined))
    throw new AoError("E_USAGE", "say what to change: --ticket <id> with its changes, or --file <patch>", {
      hint: "e.g. ao plan edit plan-1 --ticket B --title 'API v2' --depends-on A,C --base-revision 3",
    });
  if (flags.file !== undefined) return changes.editFromFile(ctx, flags.file);
  const body =
    flags.bodyFile === undefined ? flags.body : (await changes.readPlanFile(ctx, flags.bodyFile)).text;
  const schema =
    flags.outputSchema === undefined
      ? undefined
      : flags.outputSchema === "none"
        ? null
        : (JSON.parse((await changes.readPlanFile(ctx, flags.outputSchema)).text) as unknown);
  return changes.editFromFlags({ ...flags, ticket: flags.ticket!, body, outputSchema: schema });
}
