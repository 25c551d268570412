import { useEffect, useRef, useState } from "preact/hooks";
import type { InlineComment } from "../api/review-types.js";
import { html } from "./html.js";
import type { LinePlace, ReviewState } from "./use-review.js";

/**
 * Under a line of the diff: the box a comment is written in (focused when it opens; Escape
 * cancels, Ctrl/⌘+Enter adds), or the pending comment with Edit and Remove.
 */
export function CommentBox({
  place,
  where,
  comment,
  editing,
  review,
}: {
  place: LinePlace;
  where: string;
  comment: InlineComment | undefined;
  editing: boolean;
  review: ReviewState;
}) {
  const [text, setText] = useState(comment?.body ?? "");
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) box.current?.focus();
  }, [editing]);
  if (!editing && comment !== undefined)
    return html`<div class="pending-comment">
      <pre class="comment-text">${comment.body}</pre>
      <button type="button" onClick=${() => review.openDraft(place)}>Edit</button>
      <button type="button" onClick=${() => review.saveComment({ ...place, body: "" })}>Remove</button>
    </div>`;
  const add = (event: Event): void => {
    event.preventDefault();
    if (text.trim() !== "") review.saveComment({ ...place, body: text });
  };
  const keys = (event: KeyboardEvent): void => {
    if (event.key === "Escape") review.openDraft(null);
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) add(event);
  };
  return html`<form class="comment-form" onSubmit=${add}>
    <label>
      Comment on ${where}
      <textarea
        ref=${box}
        rows="3"
        value=${text}
        onInput=${(event: Event) => setText((event.target as HTMLTextAreaElement).value)}
        onKeyDown=${keys}
      ></textarea>
    </label>
    <div class="row">
      <button type="submit" disabled=${text.trim() === ""}>
        ${comment ? "Update comment" : "Add comment"}
      </button>
      <button type="button" onClick=${() => review.openDraft(null)}>Cancel</button>
    </div>
  </form>`;
}
