import { HttpRefusal } from "../../core/http/index.js";
import type { DiffFile, DiffLine, InlineComment } from "../api/review-types.js";

/** A comment with the line of the diff it is on. */
export interface PlacedComment extends InlineComment {
  code: string;
  kind: DiffLine["kind"];
}

/** `path:line`, `path:-line` for a line the change removed (its number before). */
export function placeOf(comment: InlineComment): string {
  return `${comment.path}:${comment.side === "old" ? "-" : ""}${String(comment.line)}`;
}

/**
 * Each comment with the diff's line it is on; a comment on a line the diff does not show (another
 * head, a made-up path) is refused, naming it, so the agent never gets a comment on nothing.
 */
export function placeComments(
  files: readonly DiffFile[],
  comments: readonly InlineComment[],
): PlacedComment[] {
  const order = (comment: InlineComment) => files.findIndex((file) => file.path === comment.path);
  const placed = comments.map((comment, index) => {
    const file = files.find((candidate) => candidate.path === comment.path);
    const line = file?.hunks
      .flatMap((hunk) => hunk.lines)
      .find((candidate) => (comment.side === "old" ? candidate.old : candidate.new) === comment.line);
    if (line === undefined)
      throw new HttpRefusal(
        400,
        `bad request body: comments.${String(index)}: ${placeOf(comment)} is not a line of the diff`,
      );
    return { ...comment, code: line.text, kind: line.kind };
  });
  return placed.sort((a, b) => order(a) - order(b) || a.line - b.line);
}

/**
 * The one turn the agent gets: who asks what, the summary, then each comment as `path:line`, the
 * line quoted, and the comment, in the order of the diff's files.
 */
export function reviewTurnText(head: string, comments: readonly PlacedComment[], summary?: string): string {
  const count = comments.length === 1 ? "1 comment" : `${String(comments.length)} comments`;
  const parts = [`A person reviewed your branch at ${head.slice(0, 12)} and left ${count} on the diff.`];
  if (summary !== undefined && summary.trim() !== "") parts.push(summary.trim());
  comments.forEach((comment, index) => {
    const where = comment.kind === "removed" ? " (a line you removed)" : "";
    parts.push(
      [
        `${String(index + 1)}. ${placeOf(comment).replace(":-", ":")}${where}`,
        `   > ${comment.code}`,
        ...comment.body
          .trim()
          .split("\n")
          .map((line) => `   ${line}`),
      ].join("\n"),
    );
  });
  parts.push("Address every comment, commit, then say what you changed.");
  return parts.join("\n\n");
}
