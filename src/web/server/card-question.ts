import { urgencyOf, type Zone, type ZoneReason } from "../../core/fleet/index.js";
import { isTerminalStatus, type Session, type StoredEvent } from "../../core/store/index.js";
import type { QuestionBrief, UrgencyBrief } from "../api/types.js";

/**
 * What a waiting agent asks, from its latest `session.question` (recorded by the lifecycle cycle):
 * shown only while the agent's last observed activity is waiting for input, so an answered
 * question leaves the card with the next observation.
 */
export function questionBrief(session: Session, event: StoredEvent | undefined): QuestionBrief | null {
  if (event === undefined || session.activity !== "needs_input" || isTerminalStatus(session.status))
    return null;
  const { id, source, text, toolKind, options } = event.payload;
  if (typeof id !== "string" || typeof text !== "string") return null;
  return {
    id,
    source: source === "data" ? "data" : "screen",
    text,
    toolKind: typeof toolKind === "string" ? toolKind : null,
    options: Array.isArray(options) ? options.flatMap(optionOf) : [],
    askedAt: new Date(event.createdAt).toISOString(),
  };
}

function optionOf(value: unknown): QuestionBrief["options"] {
  if (typeof value !== "object" || value === null) return [];
  const { id, name, kind } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string") return [];
  return [{ id, name, kind: typeof kind === "string" ? kind : "" }];
}

/** The card's urgency (core/fleet/urgency.ts) from what the card already knows. */
export function urgencyBrief(
  session: Session,
  zone: Zone,
  why: Pick<ZoneReason, "type">,
  escalation: StoredEvent | undefined,
  question: QuestionBrief | null,
): UrgencyBrief {
  const reaction = escalation?.payload.reaction;
  const escalated = why.type === "reaction.escalated" && typeof reaction === "string" ? reaction : undefined;
  const { urgency, rank, reason } = urgencyOf({
    status: session.status,
    zone,
    question: question?.text,
    escalated,
  });
  return { level: urgency, rank, reason };
}
