import type { DiffFile, DiffLine } from "../api/review-types.js";
import { CommentBox } from "./comment-box.js";
import { html } from "./html.js";
import { samePlace, type LinePlace, type ReviewState } from "./use-review.js";

/** The element id of a file's section, for the file list's buttons (the fragment is the route). */
export const fileAnchor = (path: string): string => `diff-${encodeURIComponent(path).replace(/%/g, "_")}`;

const MARK: Record<DiffLine["kind"], string> = { added: "+", removed: "-", context: " " };

/** Where a comment on this line goes: the head's line, or the base's for a removed one. */
export function placeOfLine(path: string, line: DiffLine): LinePlace {
  return line.kind === "removed"
    ? { path, line: line.old ?? 0, side: "old" }
    : { path, line: line.new ?? 0, side: "new" };
}

/**
 * One file of the diff: its name and size, then each hunk's lines numbered on both sides. The line
 * number is a button ("comment on a.ts line 12"), so a keyboard reaches every line; clicking the
 * code does the same. The table scrolls sideways inside its box, never the page.
 */
export function DiffFileView({ file, review }: { file: DiffFile; review: ReviewState }) {
  return html`<section class="diff-file" id=${fileAnchor(file.path)} aria-label=${`File ${file.path}`}>
    <h3 class="diff-file-head">
      <span class="diff-path">${file.path}</span>
      ${file.oldPath !== null && html`<span class="diff-note">from ${file.oldPath}</span>`}
      ${file.status !== "modified" && html`<span class="diff-note">${file.status}</span>`}
      <span class="diff-stat"
        ><span class="plus">+${file.added}</span> <span class="minus">−${file.removed}</span></span
      >
    </h3>
    ${
      file.binary
        ? html`<p class="empty">Binary file: not shown.</p>`
        : file.hunks.length === 0
          ? html`<p class="empty">No changed lines (a rename or a mode change).</p>`
          : html`<div class="diff-box">
              <table class="diff">
                ${file.hunks.map(
                  (hunk) =>
                    html`<tbody>
                      <tr class="hunk-head">
                        <td colspan="3">${hunk.header}</td>
                      </tr>
                      ${hunk.lines.map((line) => html`<${LineRows} path=${file.path} line=${line} review=${review} />`)}
                    </tbody>`,
                )}
              </table>
            </div>`
    }
  </section>`;
}

function LineRows({ path, line, review }: { path: string; line: DiffLine; review: ReviewState }) {
  const place = placeOfLine(path, line);
  const comment = review.comments.find((candidate) => samePlace(candidate, place));
  const open = review.draft !== null && samePlace(review.draft, place);
  const where = `${path} line ${String(place.line)}${place.side === "old" ? " (removed)" : ""}`;
  return html`<tr class=${`line line-${line.kind}${comment ? " commented" : ""}`}>
      <td class="num">${line.old ?? ""}</td>
      <td class="num">
        <button
          type="button"
          class="line-no"
          aria-label=${`Comment on ${where}`}
          aria-expanded=${open}
          onClick=${() => review.openDraft(place)}
        >
          ${line.new ?? "·"}
        </button>
      </td>
      <td class="code" onClick=${() => review.openDraft(place)}>
        <span class="mark" aria-hidden="true">${MARK[line.kind]}</span>${line.text}
      </td>
    </tr>
    ${
      (open || comment) &&
      html`<tr class="comment-row">
        <td colspan="3">
          <${CommentBox} place=${place} where=${where} comment=${comment} editing=${open} review=${review} />
        </td>
      </tr>`
    }`;
}
