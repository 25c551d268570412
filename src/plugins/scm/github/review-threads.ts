import type { ReviewStatus, ReviewThread } from "../../../core/plugin-api.js";
import {
  authorName,
  isTrustedAuthor,
  type CommentAuthor,
  type TrustedAuthors,
} from "../../_shared/github/trusted-authors.js";
import type { PullNode, ThreadNode } from "./pull-query.js";

type CommentNode = ThreadNode["comments"]["nodes"][number];

const DECISIONS: Record<string, ReviewStatus["decision"]> = {
  APPROVED: "approved",
  CHANGES_REQUESTED: "changes_requested",
  REVIEW_REQUIRED: "pending",
};

/**
 * The review as the agent may see it: each unresolved thread as its first comment by a trusted
 * author; a thread nobody trusted wrote in is withheld, and only counted (with its authors'
 * logins) so a person can look at it. Withheld threads are not in `threads`, so the reaction's
 * dedupe key (the thread ids) does not move when one appears or goes away.
 */
export function reviewOf(node: PullNode, trust: TrustedAuthors): ReviewStatus {
  const threads: ReviewThread[] = [];
  const withheldAuthors = new Set<string>();
  let withheld = 0;
  for (const thread of node.reviewThreads.nodes) {
    if (thread.isResolved) continue;
    const comments = thread.comments.nodes;
    const trusted = comments.find((c) => isTrustedAuthor(trust, authorOf(c), c.authorAssociation));
    if (trusted !== undefined) {
      threads.push(toThread(thread, trusted));
      continue;
    }
    withheld++;
    for (const comment of comments) withheldAuthors.add(loginOf(comment));
  }
  return {
    decision: node.reviewDecision === null ? "none" : (DECISIONS[node.reviewDecision] ?? "none"),
    threads,
    ...(withheld > 0 ? { withheld: { threads: withheld, authors: [...withheldAuthors].sort() } } : {}),
  };
}

/** Every unresolved thread as its first comment, trusted or not: for finding the thread ao itself opened. */
export function allThreads(node: PullNode): ReviewThread[] {
  return node.reviewThreads.nodes
    .filter((thread) => !thread.isResolved)
    .map((thread) => toThread(thread, thread.comments.nodes[0]));
}

function toThread(thread: ThreadNode, comment: CommentNode | undefined): ReviewThread {
  const login = comment === undefined ? "ghost" : loginOf(comment);
  return {
    id: thread.id,
    ...(thread.path !== null ? { path: thread.path } : {}),
    ...(thread.line !== null ? { line: thread.line } : {}),
    author: login,
    body: comment?.body ?? "",
    ...(comment?.url ? { url: comment.url } : {}),
    isBot: comment?.author?.__typename === "Bot",
    ...(comment?.createdAt ? { createdAt: comment.createdAt } : {}),
  };
}

/** GraphQL gives a Bot's login without `[bot]`: ao names it as REST and the docs do. */
function authorOf(comment: CommentNode): CommentAuthor | undefined {
  const author = comment.author;
  return author === null ? undefined : { login: author.login, bot: author.__typename === "Bot" };
}

/** A deleted account's comments have no author; GitHub shows them as `ghost`. */
function loginOf(comment: CommentNode): string {
  const author = authorOf(comment);
  return author === undefined ? "ghost" : authorName(author);
}
