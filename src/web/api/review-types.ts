/**
 * The review in the page (docs/dashboard.md, "Review"): a session's diff against its base, file by
 * file, and the inline comments a person sends back. Shared by src/web/server and src/web/page.
 */

/** One line of a hunk: `old`/`new` are its numbers on each side (null on the side it is not on). */
export interface DiffLine {
  kind: "context" | "added" | "removed";
  old: number | null;
  new: number | null;
  text: string;
}

export interface DiffHunk {
  /** The `@@ -a,b +c,d @@ …` line as git wrote it. */
  header: string;
  lines: DiffLine[];
}

export interface DiffFile {
  path: string;
  /** The path before, for a file that was renamed or deleted; else null. */
  oldPath: string | null;
  status: "added" | "deleted" | "modified" | "renamed";
  binary: boolean;
  added: number;
  removed: number;
  hunks: DiffHunk[];
}

/** `GET /api/sessions/:id/diff`: the diff of `base...head` (the merge base to the head). */
export interface SessionDiffAnswer {
  session: string;
  /** The head commit the diff is of: what the comments are guarded by. */
  head: string;
  /** The base ref (`refs/heads/main`) and the merge base commit. */
  base: string;
  mergeBase: string;
  files: DiffFile[];
  added: number;
  removed: number;
  /** Set when the diff is over the page's bounds: then `files` is empty and this says how big. */
  tooLarge: { files: number; lines: number; maxFiles: number; maxLines: number } | null;
}

/** A comment on one line: `side` "new" for a line of the head (added or context), "old" for a removed one. */
export interface InlineComment {
  path: string;
  line: number;
  side: "old" | "new";
  body: string;
}

/**
 * `POST /api/sessions/:id/review-comments`: the comments on the diff of `head` (409 when the
 * branch moved since), with an optional summary. `to: "agent"` sends them as one turn;
 * `to: "github"` posts them as a GitHub review requesting changes.
 */
export interface ReviewCommentsRequest {
  head: string;
  comments: InlineComment[];
  summary?: string;
  to: "agent" | "github";
}

export interface ReviewCommentsAnswer {
  session: string;
  to: "agent" | "github";
  comments: number;
  /** The turn that carries them (to agent). */
  turnId: string | null;
  turnStatus: string | null;
  /** The pull request the review went to (to github). */
  prNumber: number | null;
}
