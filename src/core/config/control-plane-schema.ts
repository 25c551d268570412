import { z } from "zod";
import { parseDuration } from "./duration.js";
import { durationSchema } from "./reaction-schema.js";

/**
 * `controlPlane:` (issue 13, docs/control-plane.md): commanders open workers and give them turns
 * over MCP. Off by default. The bound stays under the shortest tool-call cut-off measured among
 * commander CLIs (about 60 s), so `send` answers `running` before the commander gives up.
 */
const sendBoundS = z.int().min(1).max(600);
/** What a commander may answer of its workers' permission questions (issue 26, docs/acp.md). */
export const COMMANDER_APPROVALS = ["none", "read-only", "all"] as const;
const commanderApprovals = z.enum(COMMANDER_APPROVALS);
const replyRetention = durationSchema.refine((text) => parseDuration(text) >= 60_000, {
  error: "expected at least 1m",
});

export const controlPlaneSchema = z
  .strictObject({
    enabled: z.boolean().default(false).meta({
      description: "Let commander agents open and drive workers over MCP (`ao mcp`). Off by default.",
    }),
    sendBoundS: sendBoundS.default(40).meta({
      description:
        "Seconds `send` waits for a worker's reply before answering {status: running, turn_id} (keep it under 60).",
    }),
    replyRetention: replyRetention.default("1h").meta({
      description:
        "How long a finished turn's reply stays retrievable by `wait_turn` (also across daemon restarts).",
    }),
    http: z.boolean().default(false).meta({
      description:
        "Also serve MCP over Streamable HTTP on the daemon's port under /mcp (127.0.0.1, bearer token).",
    }),
    commanderApprovals: commanderApprovals.default("none").meta({
      description:
        "Which of a worker's permission questions (ACP sessions) its commander may answer: none (a person answers with ao approve/deny), read-only (only questions about tools that read, search or fetch), or all.",
    }),
    planRevisionCooldown: durationSchema.default("2m").meta({
      description:
        "Least time between two revisions of a plan made by agents; revisions inside it are coalesced into one (docs/plans.md). 0s: no cooldown.",
    }),
  })
  .meta({ description: "The control plane over MCP: commanders, workers, turns." });

/** Per project: what differs from the top-level section (the HTTP transport is the daemon's, not a project's). */
export const projectControlPlaneSchema = z
  .strictObject({
    enabled: z.boolean().optional().meta({ description: "Override controlPlane.enabled for this project." }),
    sendBoundS: sendBoundS
      .optional()
      .meta({ description: "Override controlPlane.sendBoundS for this project." }),
    replyRetention: replyRetention
      .optional()
      .meta({ description: "Override controlPlane.replyRetention for this project." }),
    commanderApprovals: commanderApprovals
      .optional()
      .meta({ description: "Override controlPlane.commanderApprovals for this project." }),
  })
  .meta({ description: "Overrides of the top-level controlPlane section for this project's workers." });

export type RawControlPlane = z.output<typeof controlPlaneSchema>;
export type RawProjectControlPlane = z.output<typeof projectControlPlaneSchema>;
