import { z } from "zod";
import type { LoadedConfig } from "../../core/config/index.js";
import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { hostCheckout } from "../../core/sessions/index.js";
import { getSession, type Session, type Store } from "../../core/store/index.js";
import type { ReviewCommentsAnswer, SessionDiffAnswer } from "../api/review-types.js";
import { actionAnswer } from "./action-answer.js";
import { parsed } from "./action-routes.js";
import { jsonBody, type DashboardRoute } from "./dashboard-guard.js";
import { deliverReview, type ReviewDelivery } from "./review-delivery.js";
import { placeComments } from "./review-turn.js";
import { readSessionDiff, type DiffBounds } from "./session-diff.js";

export interface ReviewContext {
  readonly ctx: AoContext;
  readonly store: Store;
  readonly config: LoadedConfig;
  readonly token: string;
  readonly bounds?: DiffBounds;
}

const CommentsBody = z.strictObject({
  head: z.string().regex(/^[0-9a-fA-F]{7,64}$/, "a commit id of 7 to 64 hex digits"),
  comments: z
    .array(
      z.strictObject({
        path: z.string().min(1),
        line: z.number().int().positive(),
        side: z.enum(["old", "new"]),
        body: z.string().trim().min(1, "a comment needs text"),
      }),
    )
    .min(1, "write at least one comment")
    .max(200),
  summary: z.string().max(20_000).optional(),
  to: z.enum(["agent", "github"]),
});

/**
 * The review in the page (docs/dashboard.md, "Review"): `GET /api/sessions/:id/diff` the session's
 * diff against its base, and `POST /api/sessions/:id/review-comments` its inline comments, to the
 * agent as one turn or to the forge as a review, refused (409) when the branch moved since.
 */
export function reviewRoutes(review: ReviewContext): DashboardRoute[] {
  const diffOf = (session: Session) =>
    readSessionDiff(
      hostCheckout(review.ctx, session.worktree),
      { id: session.id, baseBranch: review.config.config.projects[session.project]?.defaultBranch },
      review.bounds,
    );
  return [
    {
      kind: "read",
      method: "GET",
      path: "/api/sessions/:id/diff",
      handle: (request) =>
        actionAnswer(review.token, (): Promise<SessionDiffAnswer> =>
          diffOf(sessionOf(review, request.params.id)),
        ),
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/sessions/:id/review-comments",
      maxBodyBytes: 1024 * 1024,
      handle: async (request) => {
        const body = parsed(CommentsBody, await jsonBody(request));
        return actionAnswer(review.token, async (): Promise<ReviewCommentsAnswer> => {
          const session = sessionOf(review, request.params.id);
          const diff = await diffOf(session);
          checkHead(session.id, diff.head, body.head);
          const delivery: ReviewDelivery = {
            session: session.id,
            head: diff.head,
            comments: placeComments(diff.files, body.comments),
            summary: body.summary,
          };
          return deliverReview(review.ctx, review.config.path, delivery, body.to);
        });
      },
    },
  ];
}

function sessionOf(review: ReviewContext, id: string | undefined): Session {
  const session = getSession(review.store, id ?? "");
  if (session === undefined) throw new AoError("E_NOT_FOUND", `no session ${id ?? ""}`);
  return session;
}

/** The comments are on the diff the person read: a branch that moved since gets none of them. */
function checkHead(session: string, head: string, seen: string): void {
  if (head.startsWith(seen.toLowerCase())) return;
  throw new AoError(
    "E_SESSION_STATE",
    `${session}'s branch is at ${head.slice(0, 12)}, not at ${seen.slice(0, 12)} as reviewed: nothing was sent`,
    {
      hint: "reload the diff to see the new commits; your comments stay in the page",
      details: { session, head, seen },
    },
  );
}
