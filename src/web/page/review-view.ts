import type { SessionDiffAnswer } from "../api/review-types.js";
import { DiffFileView, fileAnchor } from "./diff-file-view.js";
import { html } from "./html.js";
import { ReviewSend } from "./review-send.js";
import { useReview, type ReviewState } from "./use-review.js";
import "./review.css";

/**
 * `#/s/<id>/review`: the session's diff against its base, file by file, a comment box under any
 * line, the pending comments, and sending them: to the agent as one turn, or (a project on GitHub)
 * posted as a review there.
 */
export function ReviewView({ session, forgeReview }: { session: string; forgeReview: boolean }) {
  const review = useReview(session);
  const { load } = review;
  if (load.kind === "loading")
    return html`<section class="review" aria-label="Review"><p>Loading the diff…</p></section>`;
  if (load.kind === "failed")
    return html`<section class="review" aria-label="Review">
      <p class="error" role="alert">${load.error}</p>
      <button type="button" onClick=${review.reload}>Try again</button>
    </section>`;
  const { diff } = load;
  return html`<section class="review" aria-label="Review">
    <${DiffSummary} diff=${diff} review=${review} />
    ${
      diff.tooLarge !== null
        ? html`<p class="note" role="status">
            Diff too large to show here: ${diff.tooLarge.files} files, ${diff.tooLarge.lines} changed lines
            (the page shows up to ${diff.tooLarge.maxFiles} files and ${diff.tooLarge.maxLines} lines). Review
            it with
            <code>git diff ${diff.mergeBase.slice(0, 12)} ${diff.head.slice(0, 12)}</code> in the session's
            worktree.
          </p>`
        : diff.files.map((file) => html`<${DiffFileView} key=${file.path} file=${file} review=${review} />`)
    }
    <${ReviewSend} session=${session} head=${diff.head} review=${review} forgeReview=${forgeReview} />
  </section>`;
}

function DiffSummary({ diff, review }: { diff: SessionDiffAnswer; review: ReviewState }) {
  const branch = diff.base.replace(/^refs\/(heads|remotes)\//, "");
  const jump = (path: string) => document.getElementById(fileAnchor(path))?.scrollIntoView();
  return html`<div class="diff-summary">
    <h2>
      Changes against ${branch}
      <span class="diff-stat"
        ><span class="plus">+${diff.added}</span> <span class="minus">−${diff.removed}</span></span
      >
    </h2>
    <p class="diff-meta">
      at <code>${diff.head.slice(0, 12)}</code>, since <code>${diff.mergeBase.slice(0, 12)}</code>
      ${` · ${String(diff.tooLarge?.files ?? diff.files.length)} files `}
      <button type="button" onClick=${review.reload}>Reload</button>
    </p>
    ${
      diff.files.length === 0 && diff.tooLarge === null
        ? html`<p class="empty">No committed changes yet.</p>`
        : html`<ul class="diff-files" aria-label="Changed files">
            ${diff.files.map(
              (file) =>
                html`<li>
                  <button type="button" class="link" onClick=${() => jump(file.path)}>${file.path}</button>
                  <span class="diff-stat"
                    >${file.binary ? "binary" : html`<span class="plus">+${file.added}</span> <span class="minus">−${file.removed}</span>`}</span
                  >
                </li>`,
            )}
          </ul>`
    }
  </div>`;
}
