import { z } from "zod";
import { proposalProblems } from "./proposal-problems.js";

/**
 * The reviewed plan (issue 15, docs/plans.md): what an orchestrator proposes, what a person edits
 * and approves, and the pipeline the pure materializer turns it into. plans-run builds approval and
 * execution on these types; the store keeps the proposal as JSON, one row per revision.
 */

/** Ticket and role ids appear in step ids, branch names and prompts, so they stay plain. */
export const planIdentSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, {
  error: "expected an id of letters, digits, '_' and '-' starting with a letter (at most 64)",
});

/** A JSON Schema (any draft) for what a step must hand on; checked by execution, kept as written. */
export const outputSchemaSchema = z
  .record(z.string(), z.unknown())
  .meta({ description: "JSON Schema of the output this step hands on to the steps that need it." });

const agentNameSchema = z.string().regex(/^\S+$/, { error: "expected an agent name without spaces" });

export const existingRoleSchema = z
  .strictObject({
    kind: z.literal("existing"),
    agent: agentNameSchema.meta({
      description: "An agent configuration that exists already: an agent plugin the project can run.",
    }),
    description: z.string().optional(),
  })
  .meta({ description: "A role played by an agent configuration that exists already." });

export const hiredRoleSchema = z
  .strictObject({
    kind: z.literal("hire"),
    agent: agentNameSchema.meta({ description: "The agent plugin the new configuration runs." }),
    model: z.string().min(1).optional(),
    rules: z.string().min(1).optional().meta({ description: "Standing instructions for this role." }),
    description: z.string().optional(),
  })
  .meta({ description: "A new agent configuration approval hires (recorded with its id)." });

export const roleSchema = z.discriminatedUnion("kind", [existingRoleSchema, hiredRoleSchema]);

export const ticketSchema = z.strictObject({
  id: planIdentSchema,
  title: z.string().min(1).max(200),
  body: z.string().min(1),
  role: planIdentSchema.meta({ description: "A key of roles." }),
  dependsOn: z.array(planIdentSchema).default([]),
  outputSchema: outputSchemaSchema.optional(),
  refs: z.array(z.string().min(1)).optional().meta({
    description: "Files or symbols the ticket will touch; the only source of the impact scope.",
  }),
  startFrom: planIdentSchema.optional().meta({
    description: "Start from this dependency's branch instead of the default branch (one of dependsOn).",
  }),
});

export const researchSchema = z
  .strictObject({
    role: planIdentSchema,
    title: z.string().min(1).max(200).default("Research"),
    body: z.string().min(1),
    outputSchema: outputSchemaSchema.optional(),
  })
  .meta({ description: "Runs first; its output feeds every other step." });

export const debateSchema = z
  .strictObject({
    rounds: z.int().min(1).max(5),
    topic: z.string().min(1),
    roles: z.array(planIdentSchema).min(1).optional().meta({
      description: "Roles that post a position each round. Default: every role a ticket uses.",
    }),
    positionSchema: outputSchemaSchema.optional(),
  })
  .meta({ description: "Bounded rounds in which each role posts a structured position before work starts." });

export const synthesisSchema = z
  .strictObject(
    {
      role: planIdentSchema,
      title: z.string().min(1).max(200).default("Synthesis"),
      body: z.string().min(1),
      dependsOn: z.array(planIdentSchema).optional().meta({
        description: "Tickets whose outputs it gets. Default: every ticket no other ticket depends on.",
      }),
      outputSchema: outputSchemaSchema.optional(),
    },
    {
      error: (issue) =>
        issue.input === undefined
          ? "a plan needs a synthesis: the last stage, which produces the deliverable"
          : undefined,
    },
  )
  .meta({ description: "The last stage: produces the deliverable." });

export const budgetSchema = z
  .strictObject({ usd: z.number().positive().meta({ description: "Cost cap in US dollars." }) })
  .meta({ description: "No new ticket starts once the plan's recorded cost reaches it." });

const proposalShape = z.strictObject({
  goal: z.string().min(1).meta({ description: "The request, restated." }),
  roles: z.record(planIdentSchema, roleSchema),
  tickets: z.array(ticketSchema).min(1),
  research: researchSchema.optional(),
  debate: debateSchema.optional(),
  synthesis: synthesisSchema,
  budget: budgetSchema.optional(),
});

/** The proposal with its graph checks; each problem carries the path of what is wrong. */
export const proposalSchema = proposalShape
  .superRefine((proposal, ctx) => {
    for (const problem of proposalProblems(proposal)) ctx.addIssue({ code: "custom", ...problem });
  })
  .meta({ title: "ao plan proposal", description: "A typed plan for a team of agents (docs/plans.md)." });

export type Proposal = z.output<typeof proposalShape>;
export type ProposalInput = z.input<typeof proposalShape>;
export type Role = z.output<typeof roleSchema>;
export type Ticket = z.output<typeof ticketSchema>;
export type OutputSchema = z.output<typeof outputSchemaSchema>;

/** Lifecycle: proposed → approved → executing → synthesizing → completed, or failed / cancelled. */
export const PLAN_STATES = [
  "proposed",
  "approved",
  "executing",
  "synthesizing",
  "completed",
  "failed",
  "cancelled",
] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** A role as approval resolved it: which agent runs it, and the hired configuration's id if hired. */
export interface ResolvedRole {
  readonly id: string;
  readonly agent: string;
  readonly model: string | null;
  readonly rules: string | null;
  /** The id approval recorded for a hired role (null for an existing one). */
  readonly hireId: string | null;
}

export type StepKind = "research" | "debate" | "ticket" | "synthesis";

/** Something the step's prompt receives from a step before it, inserted by execution. */
export interface StepInput {
  readonly step: string;
  readonly as: "research" | "position" | "dependency";
}

/**
 * One unit of execution: a ticket is a session; research is a session; a debate position and the
 * synthesis are turns of their own. `needs` are the step ids that must be done before it starts.
 */
export interface PipelineStep {
  readonly id: string;
  readonly kind: StepKind;
  /** The ticket id for ticket steps; null otherwise. */
  readonly ticket: string | null;
  /** The debate round (1-based) for debate steps; null otherwise. */
  readonly round: number | null;
  readonly title: string;
  readonly role: ResolvedRole;
  readonly needs: readonly string[];
  readonly inputs: readonly StepInput[];
  /** The instructions of the prompt; execution appends the inputs' outputs. */
  readonly prompt: string;
  /** Start from this step's branch (a ticket step it needs); null: the project's default branch. */
  readonly startFrom: string | null;
  readonly outputSchema: OutputSchema | null;
  readonly refs: readonly string[] | null;
}

/** A group of steps shown together; stages run in this order, steps inside one by their needs. */
export interface PipelineStage {
  readonly kind: StepKind;
  readonly steps: readonly string[];
}

/** What the materializer returns: the same (proposal, roles) always gives a deep-equal pipeline. */
export interface Pipeline {
  readonly goal: string;
  readonly budgetUsd: number | null;
  readonly stages: readonly PipelineStage[];
  /** Every step, in a topological order with ties broken by id. */
  readonly steps: readonly PipelineStep[];
  /** The step whose output is the deliverable. */
  readonly deliverable: string;
}
