import { AoError } from "../errors.js";
import { sinks, topologicalOrder } from "./ticket-graph.js";
import type {
  OutputSchema,
  Pipeline,
  PipelineStage,
  PipelineStep,
  Proposal,
  ResolvedRole,
  StepInput,
} from "./types.js";

type Roles = Readonly<Record<string, ResolvedRole>>;

const sorted = (ids: Iterable<string>): string[] =>
  [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function roleOf(roles: Roles, id: string): ResolvedRole {
  const role = Object.hasOwn(roles, id) ? roles[id] : undefined;
  if (role !== undefined) return role;
  throw new AoError("E_PLAN_INVALID", `role "${id}" was not resolved before materializing the plan`, {
    hint: "approval resolves every role of the proposal (hired roles get their ids) before materializing",
    details: { role: id },
  });
}

/** The prompt's instructions: the goal, the role's standing rules, the task and what to hand on. */
function promptOf(goal: string, role: ResolvedRole, task: string, output: OutputSchema | undefined): string {
  return [
    `Goal of the plan: ${goal}`,
    `Your role: ${role.id}.${role.rules === null ? "" : `\nRules of your role: ${role.rules}`}`,
    task,
    output === undefined
      ? "Hand on your result as your reply."
      : `Hand on your result as JSON matching this schema:\n${JSON.stringify(output)}`,
  ].join("\n\n");
}

interface StepDraft {
  id: string;
  kind: PipelineStep["kind"];
  title: string;
  role: ResolvedRole;
  needs: readonly string[];
  inputs: readonly StepInput[];
  task: string;
  output: OutputSchema | undefined;
  ticket?: string;
  round?: number;
  startFrom?: string | undefined;
  refs?: readonly string[] | undefined;
}

const stepOf = (goal: string, draft: StepDraft): PipelineStep => ({
  id: draft.id,
  kind: draft.kind,
  ticket: draft.ticket ?? null,
  round: draft.round ?? null,
  title: draft.title,
  role: draft.role,
  needs: sorted(draft.needs),
  inputs: draft.inputs,
  prompt: promptOf(goal, draft.role, draft.task, draft.output),
  startFrom: draft.startFrom ?? null,
  outputSchema: draft.output ?? null,
  refs: draft.refs === undefined ? null : [...draft.refs],
});

function debateSteps(proposal: Proposal, roles: Roles, before: readonly string[]): StepDraft[] {
  const debate = proposal.debate;
  if (debate === undefined) return [];
  const debaters = sorted(debate.roles ?? proposal.tickets.map((ticket) => ticket.role));
  const drafts: StepDraft[] = [];
  let previous = [...before];
  for (let round = 1; round <= debate.rounds; round += 1) {
    const ids = debaters.map((role) => `debate-${round}-${role}`);
    for (const [index, role] of debaters.entries())
      drafts.push({
        id: ids[index]!,
        kind: "debate",
        round,
        title: `Debate round ${round} of ${debate.rounds}: ${role}`,
        role: roleOf(roles, role),
        needs: previous,
        inputs: previous.map((step) => ({ step, as: step === "research" ? "research" : "position" })),
        task: `Post your position on: ${debate.topic}`,
        output: debate.positionSchema,
      });
    previous = ids;
  }
  return drafts;
}

function ticketSteps(
  proposal: Proposal,
  roles: Roles,
  gate: readonly string[],
  research: boolean,
): StepDraft[] {
  const byId = new Map(proposal.tickets.map((ticket) => [ticket.id, ticket]));
  return topologicalOrder(proposal.tickets).map((id) => {
    const ticket = byId.get(id)!;
    const deps = sorted(ticket.dependsOn);
    const positions = gate.filter((step) => step !== "research");
    return {
      id,
      kind: "ticket",
      ticket: id,
      title: ticket.title,
      role: roleOf(roles, ticket.role),
      needs: [...gate, ...deps],
      inputs: [
        ...(research ? [{ step: "research", as: "research" as const }] : []),
        ...positions.map((step) => ({ step, as: "position" as const })),
        ...deps.map((step) => ({ step, as: "dependency" as const })),
      ],
      task: `Ticket ${id}: ${ticket.title}\n\n${ticket.body}`,
      output: ticket.outputSchema,
      startFrom: ticket.startFrom,
      refs: ticket.refs,
    };
  });
}

/**
 * The pure materializer: (proposal, resolved roles) → pipeline. No I/O, no clock, no randomness:
 * the same input always gives a deep-equal pipeline, and the order tickets or roles were written
 * in changes nothing (every walk is by sorted id). Research runs first and feeds every step; each
 * debate round needs the whole round before it; tickets need the last round and their
 * dependencies; the synthesis needs its tickets (by default the ones nothing depends on).
 */
export function materialize(proposal: Proposal, roles: Roles): Pipeline {
  const research = proposal.research;
  const researchDrafts: StepDraft[] =
    research === undefined
      ? []
      : [
          {
            id: "research",
            kind: "research",
            title: research.title,
            role: roleOf(roles, research.role),
            needs: [],
            inputs: [],
            task: research.body,
            output: research.outputSchema,
          },
        ];
  const debate = debateSteps(
    proposal,
    roles,
    researchDrafts.map((step) => step.id),
  );
  const lastRound = debate.filter((step) => step.round === proposal.debate?.rounds).map((step) => step.id);
  const gate =
    lastRound.length > 0
      ? [...(research ? ["research"] : []), ...lastRound]
      : researchDrafts.map((step) => step.id);
  const tickets = ticketSteps(proposal, roles, gate, research !== undefined);
  const inputsOfSynthesis = sorted(proposal.synthesis.dependsOn ?? sinks(proposal.tickets));
  const synthesis: StepDraft = {
    id: "synthesis",
    kind: "synthesis",
    title: proposal.synthesis.title,
    role: roleOf(roles, proposal.synthesis.role),
    needs: inputsOfSynthesis,
    inputs: [
      ...(research ? [{ step: "research", as: "research" as const }] : []),
      ...inputsOfSynthesis.map((step) => ({ step, as: "dependency" as const })),
    ],
    task: proposal.synthesis.body,
    output: proposal.synthesis.outputSchema,
  };
  const drafts = [...researchDrafts, ...debate, ...tickets, synthesis];
  const stages: PipelineStage[] = (["research", "debate", "ticket", "synthesis"] as const)
    .map((kind) => ({ kind, steps: drafts.filter((step) => step.kind === kind).map((step) => step.id) }))
    .filter((stage) => stage.steps.length > 0);
  return {
    goal: proposal.goal,
    budgetUsd: proposal.budget?.usd ?? null,
    stages,
    steps: drafts.map((draft) => stepOf(proposal.goal, draft)),
    deliverable: "synthesis",
  };
}
