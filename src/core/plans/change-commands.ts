import { parseDocument } from "yaml";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { parseProposalText } from "./parse-proposal.js";
import { PERSON, planView, readPlanFile, withPlanStore, type PlanView } from "./plan-commands.js";
import { parsePlanEdit, type PlanEdit } from "./plan-edit.js";
import type { PlanRecord } from "./plan-store.js";
import { listPlaybooks, savePlaybook, type Playbook } from "./playbooks.js";
import { getRevision } from "./revision-store.js";
import { editPlan, rewindPlan } from "./revise-plan.js";

/** The flags of `ao plan edit --ticket B …`; each one given is one change to that ticket. */
export interface TicketEditFlags {
  readonly ticket: string;
  readonly title?: string | undefined;
  readonly body?: string | undefined;
  readonly role?: string | undefined;
  /** Comma-separated ids; "" or "none": no dependency. */
  readonly dependsOn?: string | undefined;
  /** A dependency's id; "none" clears it. */
  readonly startFrom?: string | undefined;
  /** A JSON Schema (already read from its file), or null to clear it. */
  readonly outputSchema?: unknown;
  readonly delete?: boolean | undefined;
}

const ids = (text: string): string[] =>
  text.trim() === "" || text.trim() === "none"
    ? []
    : text
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== "");

/** The edit the flags describe; no change at all is a usage error, not an empty revision. */
export function editFromFlags(flags: TicketEditFlags): PlanEdit {
  const change: Record<string, unknown> = {
    ...(flags.title === undefined ? {} : { title: flags.title }),
    ...(flags.body === undefined ? {} : { body: flags.body }),
    ...(flags.role === undefined ? {} : { role: flags.role }),
    ...(flags.dependsOn === undefined ? {} : { dependsOn: ids(flags.dependsOn) }),
    ...(flags.startFrom === undefined
      ? {}
      : { startFrom: flags.startFrom === "none" ? null : flags.startFrom }),
    ...(flags.outputSchema === undefined ? {} : { outputSchema: flags.outputSchema }),
    ...(flags.delete === true ? { delete: true } : {}),
  };
  if (Object.keys(change).length === 0)
    throw new AoError("E_USAGE", `no change given for ticket ${flags.ticket}`, {
      hint: "give --title, --body, --role, --depends-on, --start-from, --output-schema or --delete (or --file patch.yaml)",
    });
  return parsePlanEdit({ tickets: { [flags.ticket]: change } });
}

/** A patch file (YAML or JSON): `{ baseRevision?, tickets: { B: { title: … }, C: { delete: true } } }`. */
export async function editFromFile(ctx: AoContext, file: string): Promise<PlanEdit> {
  const { path, text } = await readPlanFile(ctx, file);
  const document = parseDocument(text);
  if (document.errors.length > 0)
    throw new AoError("E_PLAN_EDIT_REFUSED", `${path}: ${document.errors[0]!.message.split("\n")[0]}`, {
      hint: "a patch is YAML or JSON: { tickets: { B: { title: … } } } (docs/plans.md)",
    });
  return parsePlanEdit(document.toJS());
}

/** `ao plan edit`: the base revision comes from `--base-revision` or the patch's `baseRevision`. */
export async function editPlanCommand(
  ctx: AoContext,
  planId: string,
  input: { edit: PlanEdit; baseRevision?: number | undefined },
): Promise<PlanView> {
  const baseRevision = input.baseRevision ?? input.edit.baseRevision;
  if (baseRevision === undefined)
    throw new AoError("E_USAGE", "an edit needs the revision it was made on", {
      hint: `add --base-revision <n> (ao plan show ${planId} shows the latest revision)`,
    });
  return withPlanStore(ctx, (store) => {
    editPlan(store, { planId, baseRevision, edit: input.edit, author: PERSON });
    return planView(store, planId);
  });
}

export async function rewindPlanCommand(
  ctx: AoContext,
  planId: string,
  to: number,
  baseRevision: number,
): Promise<PlanView> {
  return withPlanStore(ctx, (store) => {
    rewindPlan(store, { planId, to, baseRevision, author: PERSON });
    return planView(store, planId);
  });
}

/**
 * `ao plan approve <plan> --revision <n>`: a person's approval of the revision they saw. Records
 * the approval, then runs the approval's recorded steps (hires, parent ticket, pipeline); the daemon
 * executes the plan from there. Loaded lazily: approval opens the project and its tracker.
 */
export async function approvePlanCommand(
  ctx: AoContext,
  planId: string,
  revision: number,
): Promise<PlanRecord> {
  const { approvePlan } = await import("./run/approve-plan.js");
  return approvePlan(ctx, planId, revision, { by: PERSON });
}

/** `ao plan playbook save <name> --from <plan>[@<revision>] | --file plan.yaml`. */
export async function savePlaybookCommand(
  ctx: AoContext,
  input: {
    name: string;
    from?: string | undefined;
    file?: string | undefined;
    description?: string | undefined;
  },
): Promise<Playbook> {
  if ((input.from === undefined) === (input.file === undefined))
    throw new AoError("E_USAGE", "a playbook comes from a plan or from a file", {
      hint: "give exactly one of --from <plan>[@<revision>] and --file <plan.yaml>",
    });
  const fromFile = input.file === undefined ? undefined : await readPlanFile(ctx, input.file);
  return withPlanStore(ctx, (store) => {
    const proposal =
      fromFile !== undefined
        ? parseProposalText(fromFile.text, fromFile.path, ctx.cwd)
        : (() => {
            const [planId, revision] = input.from!.split("@");
            return getRevision(store, planId!, revision === undefined ? undefined : Number(revision))
              .proposal;
          })();
    return savePlaybook(store, { name: input.name, description: input.description, proposal });
  });
}

export async function listPlaybooksCommand(ctx: AoContext): Promise<Playbook[]> {
  return withPlanStore(ctx, (store) => listPlaybooks(store));
}
