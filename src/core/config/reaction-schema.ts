import { z } from "zod";
import { DURATION_PATTERN } from "./duration.js";
import { PRIORITIES, REACTION_ACTIONS, REACTION_KEYS } from "./reaction-names.js";

export { PRIORITIES, REACTION_ACTIONS, REACTION_KEYS };

export const durationSchema = z
  .string()
  .regex(DURATION_PATTERN, { error: "expected a duration such as 45s, 30m, 2h or 1d" })
  .meta({ examples: ["45s", "30m", "2h"] });

/**
 * What a person writes for one reaction. Every key is optional because a user entry is merged key by
 * key over the built-in default: `retries: 3` alone keeps the default action and message.
 */
export const reactionOverrideSchema = z
  .strictObject({
    auto: z
      .boolean()
      .optional()
      .meta({ description: "Run the action automatically. false: only notify a person at `priority`." }),
    action: z.enum(REACTION_ACTIONS).optional().meta({
      description:
        "What to do: send-to-agent (message the session's agent), notify, auto-merge, queue (the merge train, docs/merge-train.md).",
    }),
    message: z.string().optional().meta({
      description: "Message template sent to the agent or person; placeholders like {{session}}, {{pr.url}}.",
    }),
    priority: z
      .enum(PRIORITIES)
      .optional()
      .meta({ description: "Notification priority; notificationRouting decides who hears it." }),
    retries: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "Further attempts after the first before ao gives up and escalates." }),
    escalateAfter: z
      .union([z.int().min(1), durationSchema], {
        error: "expected an attempt count (e.g. 3) or a duration (e.g. 30m)",
      })
      .optional()
      .meta({ description: "Hand over to a person after this many attempts (number) or this long (30m)." }),
    threshold: durationSchema
      .optional()
      .meta({ description: "How long the condition must last before the reaction fires (e.g. 10m)." }),
  })
  .meta({
    id: "reactionOverride",
    description: "Overrides for one reaction, merged key by key over the built-in default.",
  });

export type ReactionOverride = z.output<typeof reactionOverrideSchema>;

const reaction = (description: string) => reactionOverrideSchema.optional().meta({ description });

const reactionEntries = {
  "ci-failed": reaction("A CI check failed on the session's pull request."),
  "changes-requested": reaction("A reviewer requested changes on the pull request."),
  "merge-conflicts": reaction("The pull request conflicts with its base branch."),
  "approved-and-green": reaction("The pull request is approved and every check passed."),
  "agent-stuck": reaction("The agent showed no activity for `threshold`."),
  "agent-needs-input": reaction("The agent is waiting for a person (a question, a permission prompt)."),
  "agent-exited": reaction("The agent process exited while its work was unfinished."),
  "pr-closed": reaction("The pull request was closed without being merged."),
  "all-complete": reaction("Every session has finished (merged, closed or exited)."),
  "conflict-predicted": reaction(
    "Two live sessions' branches would conflict (the conflict radar, docs/conflicts.md); told about the later one.",
  ),
} satisfies Record<(typeof REACTION_KEYS)[number], unknown>;

/** `reactions:` at the top level or inside a project: only the known reaction keys. */
export const reactionsSchema = z
  .strictObject(reactionEntries)
  .meta({ description: "Reaction overrides by situation, merged key by key over the built-in defaults." });
