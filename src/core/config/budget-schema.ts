import { z } from "zod";
import { durationSchema } from "./reaction-schema.js";

/** One budget: money and/or tokens, counted over a day or over a whole session. */
const budgetLineSchema = z
  .strictObject({
    maxCostUsd: z.number().positive().optional().meta({
      description:
        "Most US dollars of recorded cost (only priced usage counts; unknown cost cannot be enforced).",
    }),
    maxTokens: z
      .int()
      .positive()
      .optional()
      .meta({ description: "Most tokens recorded (input, output, cache)." }),
    per: z.enum(["day", "session"]).default("session").meta({
      description:
        "day: what was recorded since local midnight. session: a session's whole life (for a project: everything recorded).",
    }),
  })
  .refine((line) => line.maxCostUsd !== undefined || line.maxTokens !== undefined, {
    error: "expected maxCostUsd or maxTokens (a budget with neither holds nothing)",
  });

/**
 * `budget:` (top level: every project's default; under a project: replaces it per key). `session`
 * applies to each session of the project on its own; `project` to all of them together, and a
 * project over its budget also holds new spawns.
 */
export const budgetSchema = z
  .strictObject({
    session: budgetLineSchema.optional().meta({ description: "Each session's own budget." }),
    project: budgetLineSchema.optional().meta({
      description: "The project's budget, its sessions together; over it, new spawns wait too.",
    }),
  })
  .meta({
    description: "Spend budgets (docs/limits-and-budgets.md): over one, a session gets no new turns.",
  });

export type RawBudget = z.output<typeof budgetSchema>;

/** `limits:`: what ao does when an agent hits its usage limit. */
export const limitsSchema = z
  .strictObject({
    fallbackWait: durationSchema.default("1h").meta({
      description: "How long to wait when the agent's limit message prints no reset time.",
    }),
    continueMessage: z.string().min(1).default("continue").meta({
      description: "The turn each interrupted session gets once its account's limit lifts.",
    }),
    resumeSpacing: durationSchema.default("5s").meta({
      description:
        "After a reset, the time between two sessions' continue turns on the same account, so the fleet does not meet the limit again in the same second.",
    }),
  })
  .meta({ description: "Usage limits (docs/limits-and-budgets.md): waiting for the reset, then resuming." });

export type RawLimits = z.output<typeof limitsSchema>;
