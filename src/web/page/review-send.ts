import { useState } from "preact/hooks";
import type { ReviewCommentsAnswer, ReviewCommentsRequest } from "../api/review-types.js";
import { ApiError, describeError, postJson } from "./api.js";
import { html } from "./html.js";
import type { ReviewState } from "./use-review.js";

type Outcome = { ok: boolean; text: string; moved?: boolean } | null;

function describeSent(answer: ReviewCommentsAnswer): string {
  const count = answer.comments === 1 ? "1 comment" : `${String(answer.comments)} comments`;
  if (answer.to === "github")
    return `Posted ${count} as a review on pull request #${String(answer.prNumber)}.`;
  return `Sent ${count} to the agent as one turn (${answer.turnId ?? "?"}, ${answer.turnStatus ?? "?"}).`;
}

/**
 * The pending comments (each names its file and line), an optional summary, and where they go:
 * "Send to agent" (one turn), or "Post as GitHub review" when the project's scm can. Both are
 * guarded by the head the diff showed: a branch that moved is refused and the comments stay.
 */
export function ReviewSend({
  session,
  head,
  review,
  forgeReview,
}: {
  session: string;
  head: string;
  review: ReviewState;
  forgeReview: boolean;
}) {
  const [summary, setSummary] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = async (to: ReviewCommentsRequest["to"]): Promise<void> => {
    setBusy(true);
    try {
      const body: ReviewCommentsRequest = { head, comments: review.comments, to };
      if (summary.trim() !== "") body.summary = summary;
      const path = `/api/sessions/${encodeURIComponent(session)}/review-comments`;
      const answer = await postJson<ReviewCommentsAnswer>(path, body);
      review.clearComments();
      setSummary("");
      setOutcome({ ok: true, text: describeSent(answer) });
    } catch (error) {
      const moved = error instanceof ApiError && error.status === 409 && error.code === "E_SESSION_STATE";
      setOutcome({ ok: false, text: describeError(error), moved });
    } finally {
      setBusy(false);
    }
  };
  const none = review.comments.length === 0;
  return html`<div class="review-send" aria-label="Pending comments" role="group">
    <h2>Pending comments (${review.comments.length})</h2>
    ${
      none
        ? html`<p class="empty">Click a line (or its number) to comment on it.</p>`
        : html`<ol class="pending">
            ${review.comments.map(
              (comment) =>
                html`<li>
                  <button type="button" class="link" onClick=${() => review.openDraft(comment)}>
                    ${comment.path}:${comment.side === "old" ? "-" : ""}${comment.line}
                  </button>
                  <span class="pending-body">${comment.body}</span>
                </li>`,
            )}
          </ol>`
    }
    <label>
      Summary (optional)
      <textarea
        rows="2"
        value=${summary}
        onInput=${(event: Event) => setSummary((event.target as HTMLTextAreaElement).value)}
      ></textarea>
    </label>
    <div class="row">
      <button type="button" class="primary" disabled=${busy || none} onClick=${() => void send("agent")}>
        Send to agent
      </button>
      ${forgeReview && html`<button type="button" disabled=${busy || none} onClick=${() => void send("github")}>Post as GitHub review</button>`}
      ${outcome?.moved === true && html`<button type="button" onClick=${review.reload}>Reload the diff</button>`}
      <span
        class=${`outcome ${outcome === null ? "idle" : outcome.ok ? "done" : "failed"}`}
        role="status"
        aria-live="polite"
        aria-label="Review result"
      >
        ${busy ? "Sending…" : (outcome?.text ?? "")}
      </span>
    </div>
  </div>`;
}
