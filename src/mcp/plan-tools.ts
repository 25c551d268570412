import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import {
  type ControlContext,
  getPlanForAgent,
  proposeOrchestration,
  runPlaybook,
  submitPlan,
  proposalText,
  showProposal,
} from "../core/control/index.js";
import type { Commander } from "../core/store/index.js";
import { toolAnswer } from "./tool-result.js";

const project = z
  .string()
  .min(1)
  .optional()
  .describe("The ao project; default: the only one with the control plane on");
const parentIssue = z.string().min(1).optional().describe("The issue the plan answers");

/**
 * Strict inputs: an argument the tool does not define (a `status`, an `approved`) is refused, never
 * dropped in silence, so no call can pass for an approval. There is no approval tool at all.
 */
const proposeInput = z.strictObject({
  proposal: z
    .record(z.string(), z.unknown())
    .describe("The plan: goal, roles, tickets, synthesis… (schema/plan-proposal.schema.json)"),
  project,
  plan_id: z.string().min(1).optional().describe("Revise this proposed plan instead of proposing a new one"),
  base_revision: z.int().min(1).optional().describe("With plan_id: the revision your revision was made on"),
  parent_issue: parentIssue,
});
const submitInput = z.strictObject({
  plan: z.string().min(1).describe("The plan document as YAML or JSON text"),
  project,
  parent_issue: parentIssue,
});
const playbookInput = z.strictObject({
  name: z.string().min(1).describe("A playbook saved with ao plan playbook save"),
  project,
  goal: z.string().min(1).optional().describe("Replaces the playbook's goal"),
  vars: z.record(z.string(), z.string()).optional().describe("Values of its {{name}} placeholders"),
});
const getInput = z.strictObject({ plan_id: z.string().min(1) });

const planOutput = {
  plan_id: z.string(),
  status: z.string(),
  revision: z.int(),
  held: z.object({ due_at: z.string(), coalesced: z.int() }).optional(),
  approve_hint: z.string(),
};

/** A new plan or a revision is answered with its card, deep link and approval command. */
const proposalOutput = {
  ...planOutput,
  card: z.record(z.string(), z.unknown()),
  dashboard: z.string(),
  approve_command: z.string(),
};

const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** The plan tools of a commander: propose, submit, instantiate a playbook, read. No approval.
 * A proposal's answer shows the plan card where it was made (src/core/control/proposal-card.ts). */
export function registerPlanTools(server: McpServer, cc: ControlContext, commander: Commander): void {
  server.registerTool(
    "propose_orchestration",
    {
      title: "Propose a plan, or revise a proposed one",
      description:
        "Proposes a typed plan for a team of agents (a DAG of tickets, a synthesis). With plan_id and base_revision it revises a plan that is still proposed; revisions within the cooldown (2 min by default) are coalesced into one. A person approves plans; you cannot.",
      inputSchema: proposeInput,
      outputSchema: proposalOutput,
      annotations: writes,
    },
    (args) => toolAnswer(() => showProposal(cc, proposeOrchestration(cc, commander, args)), proposalText),
  );
  server.registerTool(
    "submit_plan",
    {
      title: "Submit a plan document",
      description:
        "Proposes a new plan from a YAML or JSON document; problems come back with line and column.",
      inputSchema: submitInput,
      outputSchema: proposalOutput,
      annotations: writes,
    },
    (args) => toolAnswer(() => showProposal(cc, submitPlan(cc, commander, args)), proposalText),
  );
  server.registerTool(
    "run_playbook",
    {
      title: "Propose a plan from a playbook",
      description:
        "Instantiates a saved playbook (its {{name}} placeholders filled from vars) as a new proposed plan.",
      inputSchema: playbookInput,
      outputSchema: proposalOutput,
      annotations: writes,
    },
    (args) => toolAnswer(() => showProposal(cc, runPlaybook(cc, commander, args)), proposalText),
  );
  server.registerTool(
    "get_plan",
    {
      title: "Read a plan",
      description:
        "A plan's status and latest revision (the base_revision of your next revision) with its proposal.",
      inputSchema: getInput,
      outputSchema: { ...planOutput, proposal: z.unknown() },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) => toolAnswer(() => getPlanForAgent(cc, args.plan_id)),
  );
}
