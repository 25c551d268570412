import { z } from "zod";
import { AoError } from "../errors.js";
import { parseProposal } from "./parse-proposal.js";
import { outputSchemaSchema, planIdentSchema, type Proposal, type Ticket } from "./types.js";

/**
 * What a person may change before approving (`ao plan edit`, the dashboard): per ticket its title,
 * body, role (one of the plan's roles), dependencies (and the branch it starts from) and output
 * schema, or delete it. Everything else is refused with the reason, before anything is written.
 */
export const ticketEditSchema = z.strictObject({
  title: z.string().min(1).max(200).optional(),
  body: z.string().min(1).optional(),
  role: planIdentSchema.optional(),
  dependsOn: z.array(planIdentSchema).optional(),
  startFrom: planIdentSchema.nullable().optional(),
  outputSchema: outputSchemaSchema.nullable().optional(),
  delete: z.literal(true).optional(),
});

export const planEditSchema = z.strictObject({
  baseRevision: z.int().min(1).optional(),
  tickets: z.record(planIdentSchema, ticketEditSchema),
});

export type TicketEdit = z.output<typeof ticketEditSchema>;
export type PlanEdit = z.output<typeof planEditSchema>;

const READ_ONLY: Readonly<Record<string, string>> = {
  goal: "the goal is the request the plan answers; propose a new plan for another goal",
  roles: "roles are resolved at approval; a role cannot be pinned to a named agent in the editor",
  research: "the research stage is structural and read-only",
  debate: "the debate stage is structural and read-only",
  synthesis: "the synthesis stage is structural and read-only",
  budget: "the budget is not editable",
};

const READ_ONLY_TICKET_KEYS: Readonly<Record<string, string>> = {
  id: "a ticket's id is how the others refer to it; delete the ticket instead",
  refs: "refs are what the proposing agent declared the ticket touches",
};

function refused(message: string, path: string): AoError {
  return new AoError("E_PLAN_EDIT_REFUSED", message, {
    hint: "a person may change a ticket's title, body, role, dependsOn, startFrom and outputSchema, or delete it (docs/plans.md)",
    details: { path },
  });
}

/** Refuses the keys no editor may touch, by name and reason (zod would only say "unknown key"). */
function checkEditable(edit: unknown): void {
  const top = (edit ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(top))
    if (READ_ONLY[key] !== undefined) throw refused(`${key} cannot be edited: ${READ_ONLY[key]}`, key);
  const tickets = (top["tickets"] ?? {}) as Record<string, Record<string, unknown> | null>;
  for (const [id, ticket] of Object.entries(tickets))
    for (const key of Object.keys(ticket ?? {}))
      if (READ_ONLY_TICKET_KEYS[key] !== undefined)
        throw refused(
          `tickets.${id}.${key} cannot be edited: ${READ_ONLY_TICKET_KEYS[key]}`,
          `tickets.${id}.${key}`,
        );
}

/** Parses an edit as written (a patch file, the CLI's flags, the dashboard's request). */
export function parsePlanEdit(edit: unknown): PlanEdit {
  checkEditable(edit);
  const parsed = planEditSchema.safeParse(edit);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  throw refused(`${first.path.join(".") || "edit"}: ${first.message}`, first.path.join("."));
}

function applyTicketEdit(ticket: Ticket, edit: TicketEdit): Ticket {
  const { startFrom, outputSchema, ...rest } = { ...ticket, ...withoutUndefined(edit) };
  delete (rest as { delete?: true }).delete;
  return {
    ...rest,
    ...(startFrom === null || startFrom === undefined ? {} : { startFrom }),
    ...(outputSchema === null || outputSchema === undefined ? {} : { outputSchema }),
  } as Ticket;
}

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The proposal with the edit applied, validated whole again (a rewired cycle is refused there). */
export function applyPlanEdit(proposal: Proposal, edit: PlanEdit): Proposal {
  const ids = new Set(proposal.tickets.map((ticket) => ticket.id));
  for (const [id, change] of Object.entries(edit.tickets)) {
    if (!ids.has(id))
      throw refused(`no ticket "${id}" in this plan (tickets: ${[...ids].join(", ")})`, `tickets.${id}`);
    if (change.role !== undefined && !Object.hasOwn(proposal.roles, change.role))
      throw refused(
        `tickets.${id}.role: "${change.role}" is no role of this plan (roles: ${Object.keys(proposal.roles).join(", ")}); a role cannot be pinned to a named agent in the editor`,
        `tickets.${id}.role`,
      );
  }
  const tickets = proposal.tickets.flatMap((ticket) => {
    const change = edit.tickets[ticket.id];
    if (change === undefined) return [ticket];
    return change.delete === true ? [] : [applyTicketEdit(ticket, change)];
  });
  return parseProposal({ ...proposal, tickets }, "the edited plan");
}
