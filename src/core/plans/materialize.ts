import { sinks, topologicalOrder } from "./ticket-graph.js";
import type { Pipeline, PipelineStep, Proposal, ResolvedRole, StepInput } from "./types.js";

/** PLACEHOLDER (plans-run) of plans-core's pure materializer; replaced by theirs at merge. */
export function materialize(proposal: Proposal, roles: Readonly<Record<string, ResolvedRole>>): Pipeline {
  const steps: PipelineStep[] = [];
  const base = (id: string, kind: PipelineStep["kind"], role: string, title: string, prompt: string) => ({
    id,
    kind,
    ticket: null,
    round: null,
    title,
    role: roles[role]!,
    prompt,
    startFrom: null,
    outputSchema: null,
    refs: null,
  });
  const research = proposal.research;
  const researchInputs: StepInput[] = research === undefined ? [] : [{ step: "research", as: "research" }];
  if (research !== undefined)
    steps.push({
      ...base("research", "research", research.role, research.title, research.body),
      needs: [],
      inputs: [],
      outputSchema: research.outputSchema ?? null,
    });
  const byId = new Map(proposal.tickets.map((ticket) => [ticket.id, ticket]));
  for (const id of topologicalOrder(proposal.tickets)) {
    const ticket = byId.get(id)!;
    steps.push({
      ...base(id, "ticket", ticket.role, ticket.title, ticket.body),
      ticket: id,
      needs: [...(research === undefined ? [] : ["research"]), ...ticket.dependsOn],
      inputs: [
        ...researchInputs,
        ...ticket.dependsOn.map((dep): StepInput => ({ step: dep, as: "dependency" })),
      ],
      startFrom: ticket.startFrom ?? null,
      outputSchema: ticket.outputSchema ?? null,
      refs: ticket.refs ?? null,
    });
  }
  const synthesis = proposal.synthesis;
  const feeds = synthesis.dependsOn ?? sinks(proposal.tickets);
  steps.push({
    ...base("synthesis", "synthesis", synthesis.role, synthesis.title, synthesis.body),
    needs: feeds,
    inputs: [...researchInputs, ...feeds.map((dep): StepInput => ({ step: dep, as: "dependency" }))],
    outputSchema: synthesis.outputSchema ?? null,
  });
  return {
    goal: proposal.goal,
    budgetUsd: proposal.budget?.usd ?? null,
    stages: [],
    steps,
    deliverable: "synthesis",
  };
}
