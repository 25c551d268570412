import type {
  ConflictDetail,
  FleetCard,
  QueuePlaceDetail,
  ReactionDetail,
  ToolCallDetail,
  TurnDetail,
} from "../api/types.js";
import { ENDED } from "./action-offers.js";

/**
 * The session page's turns and merge facts in words (pure, no rendering): who gave a turn, who let
 * a tool call run, where a conflict is, whether the queue is offered, how much of a reply shows.
 */

/** How much of a long text shows before "Show more": lines, and characters. */
export const FOLD_LINES = 12;
export const FOLD_CHARS = 1200;

/** The start of `text` shown folded, or undefined when it is short enough to show whole (pure). */
export function foldedStart(text: string): string | undefined {
  const lines = text.split("\n");
  if (lines.length <= FOLD_LINES && text.length <= FOLD_CHARS) return undefined;
  return lines.slice(0, FOLD_LINES).join("\n").slice(0, FOLD_CHARS);
}

/** Who gave a turn, in words: the task at spawn, a person, a reaction (by its key), a commander. */
export function originText(turn: TurnDetail, reactions: readonly ReactionDetail[]): string {
  switch (turn.origin) {
    case "spawn":
      return "the task (spawn)";
    case "cli":
      return "a person";
    case "mcp":
      return "a commander";
    case "reaction": {
      const key = reactions.find((reaction) => reaction.id === turn.reactionId)?.key;
      return key === undefined ? "a reaction" : `reaction ${key}`;
    }
    default:
      return turn.origin;
  }
}

/** Who let a tool call run, in words: "approved (allow-once)", "auto-allowed (allow-once)". */
export function permissionText(permission: ToolCallDetail["permission"]): string | null {
  if (permission === null) return null;
  const option = permission.option === "" ? "" : ` (${permission.option})`;
  const words = {
    auto: "auto-allowed",
    approved: "approved",
    denied: "denied",
    cancelled: "question cancelled",
  };
  return `${words[permission.by]}${option}`;
}

/** A file the agent named, from the checkout's root when it is in it (pure). */
export function fileInCheckout(file: string, worktree: string): string {
  const root = worktree.endsWith("/") ? worktree : `${worktree}/`;
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** "app.txt lines 5–11, lib.ts line 3": where both sides change the same lines. */
export function hunkText(conflict: ConflictDetail): string {
  if (conflict.hunks.length === 0) return conflict.files.join(", ");
  return conflict.hunks
    .map((hunk) =>
      hunk.start === hunk.end
        ? `${hunk.file} line ${hunk.start}`
        : `${hunk.file} lines ${hunk.start}–${hunk.end}`,
    )
    .join(", ");
}

/** The page offers "Add to merge queue" for a live session whose open pull request is approved, not queued. */
export function queueOffered(card: FleetCard, queue: QueuePlaceDetail | null): boolean {
  const pr = card.pr;
  if (queue !== null || pr === null || pr.headSha === null || ENDED.has(card.status)) return false;
  return pr.state === "open" && pr.review?.decision === "approved";
}
