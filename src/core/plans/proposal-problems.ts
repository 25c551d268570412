import { findCycle } from "./ticket-graph.js";

/** A problem in a proposal that its shape alone cannot show, at the path of what is wrong. */
export interface ProposalProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

interface ProposalView {
  readonly roles: Readonly<Record<string, unknown>>;
  readonly tickets: readonly {
    readonly id: string;
    readonly role: string;
    readonly dependsOn: readonly string[];
    readonly startFrom?: string | undefined;
  }[];
  readonly research?: { readonly role: string } | undefined;
  readonly debate?: { readonly roles?: readonly string[] | undefined } | undefined;
  readonly synthesis: { readonly role: string; readonly dependsOn?: readonly string[] | undefined };
}

const quoted = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(", ");

function roleProblems(plan: ProposalView): ProposalProblem[] {
  const known = Object.keys(plan.roles);
  const unknown = (role: string, path: (string | number)[]): ProposalProblem[] =>
    Object.hasOwn(plan.roles, role)
      ? []
      : [{ path, message: `unknown role "${role}" (roles are ${quoted(known) || "none"})` }];
  return [
    ...plan.tickets.flatMap((ticket, index) => unknown(ticket.role, ["tickets", index, "role"])),
    ...(plan.research ? unknown(plan.research.role, ["research", "role"]) : []),
    ...(plan.debate?.roles ?? []).flatMap((role, index) => unknown(role, ["debate", "roles", index])),
    ...unknown(plan.synthesis.role, ["synthesis", "role"]),
  ];
}

/** Step ids of the stages that are no ticket: a ticket may not take them. */
export const isReservedStepId = (id: string): boolean =>
  id === "research" || id === "synthesis" || id.startsWith("debate-");

function duplicateProblems(plan: ProposalView): ProposalProblem[] {
  const seen = new Map<string, number>();
  const problems: ProposalProblem[] = [];
  plan.tickets.forEach((ticket, index) => {
    const first = seen.get(ticket.id);
    if (isReservedStepId(ticket.id))
      problems.push({
        path: ["tickets", index, "id"],
        message: `"${ticket.id}" is the id of a stage ("research", "synthesis" and "debate-…" are reserved)`,
      });
    else if (first === undefined) seen.set(ticket.id, index);
    else
      problems.push({
        path: ["tickets", index, "id"],
        message: `duplicate ticket id "${ticket.id}" (tickets[${first}] has it too)`,
      });
  });
  return problems;
}

function dependencyProblems(plan: ProposalView): ProposalProblem[] {
  const ids = new Set(plan.tickets.map((ticket) => ticket.id));
  const dangling = (id: string, path: (string | number)[]): ProposalProblem[] =>
    ids.has(id) ? [] : [{ path, message: `depends on "${id}", which is no ticket of this plan` }];
  const problems = plan.tickets.flatMap((ticket, index) => [
    ...ticket.dependsOn.flatMap((id, at) => dangling(id, ["tickets", index, "dependsOn", at])),
    ...(ticket.startFrom === undefined || ticket.dependsOn.includes(ticket.startFrom)
      ? []
      : [
          {
            path: ["tickets", index, "startFrom"],
            message: `startFrom "${ticket.startFrom}" must be one of the ticket's dependsOn`,
          },
        ]),
  ]);
  const fromSynthesis = plan.synthesis.dependsOn ?? [];
  return [...problems, ...fromSynthesis.flatMap((id, at) => dangling(id, ["synthesis", "dependsOn", at]))];
}

function cycleProblems(plan: ProposalView): ProposalProblem[] {
  const cycle = findCycle(plan.tickets);
  if (cycle === null) return [];
  const index = plan.tickets.findIndex((ticket) => ticket.id === cycle[0]);
  return [
    {
      path: ["tickets", index, "dependsOn"],
      message: `dependency cycle: ${[...cycle, cycle[0]].join(" → ")}`,
    },
  ];
}

/**
 * Duplicate ids, unknown roles, dangling dependencies and a cycle (named by its ids). The cycle
 * check runs only on a graph without duplicates or dangling edges, where "cycle" means one thing.
 */
export function proposalProblems(plan: ProposalView): ProposalProblem[] {
  const structural = [...duplicateProblems(plan), ...dependencyProblems(plan)];
  return [...roleProblems(plan), ...structural, ...(structural.length === 0 ? cycleProblems(plan) : [])];
}
