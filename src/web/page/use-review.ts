import { useCallback, useEffect, useState } from "preact/hooks";
import type { InlineComment, SessionDiffAnswer } from "../api/review-types.js";
import { describeError, getJson } from "./api.js";

/** Where a comment is: one line on one side of one file. */
export type LinePlace = Pick<InlineComment, "path" | "line" | "side">;

export const samePlace = (a: LinePlace, b: LinePlace): boolean =>
  a.path === b.path && a.line === b.line && a.side === b.side;

export type DiffLoad =
  { kind: "loading" } | { kind: "failed"; error: string } | { kind: "ready"; diff: SessionDiffAnswer };

export interface ReviewState {
  load: DiffLoad;
  comments: InlineComment[];
  /** The line whose comment box is open. */
  draft: LinePlace | null;
  reload: () => void;
  openDraft: (place: LinePlace | null) => void;
  /** Adds or replaces the comment on its line; empty text removes it. */
  saveComment: (comment: InlineComment) => void;
  clearComments: () => void;
}

/**
 * The review tab's state: the diff as last fetched (`reload` fetches it again, keeping the
 * comments: the server refuses those no longer on a line), the pending comments and the open box.
 */
export function useReview(session: string): ReviewState {
  const [load, setLoad] = useState<DiffLoad>({ kind: "loading" });
  const [comments, setComments] = useState<InlineComment[]>([]);
  const [draft, openDraft] = useState<LinePlace | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    getJson<SessionDiffAnswer>(`/api/sessions/${encodeURIComponent(session)}/diff`).then(
      (diff) => current && setLoad({ kind: "ready", diff }),
      (error: unknown) => current && setLoad({ kind: "failed", error: describeError(error) }),
    );
    return () => {
      current = false;
    };
  }, [session, generation]);
  const saveComment = useCallback((comment: InlineComment) => {
    setComments((list) => {
      const others = list.filter((other) => !samePlace(other, comment));
      return comment.body.trim() === "" ? others : [...others, comment];
    });
    openDraft(null);
  }, []);
  return {
    load,
    comments,
    draft,
    reload: () => setGeneration((value) => value + 1),
    openDraft,
    saveComment,
    clearComments: () => setComments([]),
  };
}
