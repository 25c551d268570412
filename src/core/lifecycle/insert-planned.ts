import { insertReactionIfNew, type WriteTx } from "../store/index.js";
import type { PlannedReaction } from "./plan-reactions.js";
import { toJsonPayload } from "./reaction-payload.js";

/** Inserts planned reactions into the outbox; a known dedupe key is skipped silently. Returns how many were new. */
export function insertPlanned(tx: WriteTx, planned: readonly PlannedReaction[]): number {
  let inserted = 0;
  for (const reaction of planned) {
    const result = insertReactionIfNew(
      tx,
      {
        sessionId: reaction.sessionId,
        reactionKey: reaction.reactionKey,
        dedupeKey: reaction.dedupeKey,
        dueAt: reaction.dueAt,
        payload: toJsonPayload(reaction.payload),
      },
      {
        type: "reaction.planned",
        payload: {
          reaction: reaction.reactionKey,
          action: reaction.payload.action,
          dedupeKey: reaction.dedupeKey,
          attempt: 0,
          dueAt: reaction.dueAt,
        },
      },
    );
    if (result.isNew) inserted += 1;
  }
  return inserted;
}
