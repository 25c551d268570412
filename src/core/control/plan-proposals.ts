import { AoError } from "../errors.js";
import { flushHeldRevisions, heldRevision, submitAgentRevision } from "../plans/held-revisions.js";
import { parseProposal, parseProposalText } from "../plans/parse-proposal.js";
import { requirePlan } from "../plans/plan-store.js";
import { instantiatePlaybook, requirePlaybook } from "../plans/playbooks.js";
import { proposePlan } from "../plans/propose-plan.js";
import { getRevision } from "../plans/revision-store.js";
import type { Commander } from "../store/index.js";
import { writeTransaction } from "../store/store.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";
import { projectFor } from "./open-worker.js";

/**
 * What an agent may do with plans over the control plane: propose (new, or a revision of a
 * proposed plan, under the cooldown), submit a plan document, instantiate a playbook, read a plan.
 * Never approve: approval is a person's (`ao plan approve`, the dashboard), and nothing here
 * touches a plan's state.
 */
export interface PlanAnswer {
  plan_id: string;
  status: string;
  revision: number;
  /** Set when the cooldown held the revision: when it will be appended, and how many it stands for. */
  held?: { due_at: string; coalesced: number };
  approve_hint: string;
}

const author = (commander: Commander): string => `agent:${commander.name}`;

function answer(cc: ControlContext, planId: string): PlanAnswer {
  const plan = requirePlan(cc.store, planId);
  const held = heldRevision(cc.store, planId);
  return {
    plan_id: plan.id,
    status: plan.status,
    revision: plan.revision,
    ...(held === undefined
      ? {}
      : { held: { due_at: new Date(held.dueAt).toISOString(), coalesced: held.coalesced } }),
    approve_hint: `a person reviews and approves it: ao plan show ${plan.id}, then ao plan approve ${plan.id} --revision <n>`,
  };
}

export interface ProposeArgs {
  project?: string | undefined;
  proposal: unknown;
  plan_id?: string | undefined;
  base_revision?: number | undefined;
  parent_issue?: string | undefined;
}

/** `propose_orchestration`: a new plan, or (with plan_id and base_revision) a revision under the cooldown. */
export function proposeOrchestration(
  cc: ControlContext,
  commander: Commander,
  args: ProposeArgs,
): PlanAnswer {
  const proposal = parseProposal(args.proposal, "proposal");
  flushHeldRevisions(cc.store);
  if (args.plan_id === undefined) return proposeNew(cc, commander, args, proposal);
  const plan = requirePlan(cc.store, args.plan_id);
  const baseRevision = args.base_revision;
  if (baseRevision === undefined)
    throw new AoError("E_USAGE", "a revision needs base_revision: the revision it was made on", {
      hint: `get_plan ${plan.id} gives the latest revision (${plan.revision})`,
    });
  const cooldownMs = controlPlaneOf(cc, plan.project).planRevisionCooldownMs;
  writeTransaction(cc.store, (tx) =>
    submitAgentRevision(tx, {
      planId: plan.id,
      baseRevision,
      proposal,
      author: author(commander),
      cooldownMs,
    }),
  );
  return answer(cc, plan.id);
}

/** `submit_plan`: a plan document (YAML or JSON text, as a file would hold it) proposed as a new plan. */
export function submitPlan(
  cc: ControlContext,
  commander: Commander,
  args: { project?: string | undefined; plan: string; parent_issue?: string | undefined },
): PlanAnswer {
  return proposeNew(cc, commander, args, parseProposalText(args.plan, "plan", cc.ctx.cwd));
}

/** A new plan from a commander, in the project it names (or its only one). */
function proposeNew(
  cc: ControlContext,
  commander: Commander,
  args: { project?: string | undefined; parent_issue?: string | undefined },
  proposal: Parameters<typeof proposePlan>[1]["proposal"],
): PlanAnswer {
  const { plan } = proposePlan(cc.store, {
    project: projectFor(cc, args.project),
    parentIssue: args.parent_issue,
    proposal,
    author: author(commander),
  });
  return answer(cc, plan.id);
}

/** `run_playbook`: a saved playbook, its placeholders filled, proposed as a new plan (approval still a person's). */
export function runPlaybook(
  cc: ControlContext,
  commander: Commander,
  args: {
    name: string;
    project?: string | undefined;
    goal?: string | undefined;
    vars?: Record<string, string> | undefined;
  },
): PlanAnswer {
  const proposal = instantiatePlaybook(requirePlaybook(cc.store, args.name), {
    goal: args.goal,
    vars: args.vars,
  });
  const project = projectFor(cc, args.project);
  const { plan } = proposePlan(cc.store, { project, proposal, author: author(commander) });
  return answer(cc, plan.id);
}

/** `get_plan`: the latest revision an agent revises on (its number is the next base_revision). */
export function getPlanForAgent(cc: ControlContext, planId: string): PlanAnswer & { proposal: unknown } {
  flushHeldRevisions(cc.store);
  return { ...answer(cc, planId), proposal: getRevision(cc.store, planId).proposal };
}
