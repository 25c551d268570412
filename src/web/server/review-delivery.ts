import type { AoContext } from "../../core/context.js";
import { appendEvent, closeStore, openStore, writeTransaction } from "../../core/store/index.js";
import type { ReviewCommentsAnswer } from "../api/review-types.js";
import { placeOf, reviewTurnText, type PlacedComment } from "./review-turn.js";

/** A person's comments on the diff of `head`, each on a line the diff shows. */
export interface ReviewDelivery {
  readonly session: string;
  readonly head: string;
  readonly comments: readonly PlacedComment[];
  readonly summary?: string | undefined;
}

/**
 * Where the review goes. `agent`: one turn through `ao send`'s own call (gates, queue, delivery
 * confirmation as for any message): in local mode this is the review. `github`: one review
 * requesting changes through the scm's `postLineReview`; the changes-requested reaction then
 * delivers it as it delivers any review. Either way a `review.commented` event says so, without
 * the text.
 */
export async function deliverReview(
  ctx: AoContext,
  configPath: string,
  delivery: ReviewDelivery,
  to: "agent" | "github",
): Promise<ReviewCommentsAnswer> {
  const answer = { session: delivery.session, to, comments: delivery.comments.length };
  if (to === "github") {
    const { postSessionLineReview } = await import("../../core/sessions/index.js");
    const body = delivery.summary?.trim() || "Please address the comments on the diff.";
    const comments = delivery.comments.map(({ path, line, side, body: text }) => ({
      path,
      line,
      side,
      body: text,
    }));
    const result = await postSessionLineReview(
      ctx,
      delivery.session,
      { head: delivery.head, body, comments },
      { configPath },
    );
    record(ctx, delivery, { to: "forge", pr: result.pr.number });
    return { ...answer, turnId: null, turnStatus: null, prNumber: result.pr.number };
  }
  const { sendMessage } = await import("../../core/sessions/index.js");
  const text = reviewTurnText(delivery.head, delivery.comments, delivery.summary);
  const sent = await sendMessage(ctx, delivery.session, { text }, { configPath, wait: "delivered" });
  record(ctx, delivery, { to: "agent", turn: sent.turn.id });
  return { ...answer, turnId: sent.turn.id, turnStatus: sent.turn.status, prNumber: null };
}

function record(
  ctx: AoContext,
  delivery: ReviewDelivery,
  where: { to: "agent"; turn: string } | { to: "forge"; pr: number },
): void {
  const store = openStore(ctx);
  try {
    writeTransaction(store, (tx) =>
      appendEvent(tx, {
        type: "review.commented",
        sessionId: delivery.session,
        payload: {
          ...where,
          head: delivery.head,
          comments: delivery.comments.length,
          places: delivery.comments.map(placeOf),
        },
      }),
    );
  } finally {
    closeStore(store);
  }
}
