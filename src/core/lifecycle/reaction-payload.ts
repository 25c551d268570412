import type { Priority, ReactionAction, ReactionConfig, ReactionKey } from "../config/index.js";
import type { FailingCheck, ReviewThread } from "../slots/index.js";
import type { JsonObject } from "../store/index.js";

/** What a reaction's message is about, captured when it is planned (rendered at delivery). */
export interface MessageFacts {
  session?: string | undefined;
  project: string;
  issue?: string | undefined;
  branch?: string | undefined;
  baseBranch: string;
  pr?: { number: number; url?: string | undefined; title?: string | undefined; headSha: string } | undefined;
  checks?: FailingCheck[] | undefined;
  threads?: ReviewThread[] | undefined;
  /** Review threads kept from the agent (untrusted authors): only their number is ever told. */
  withheldThreads?: number | undefined;
  conflicts?: string[] | undefined;
  /** For conflict-predicted: the other session and where the two branches conflict. */
  conflict?: ConflictFacts | undefined;
  reason?: string | undefined;
  /**
   * Set when the merge train planned it (docs/merge-train.md): the queue entry that left. The train
   * saw the conflict or red CI on that head itself, so it holds while the head is the same, before
   * the lifecycle's own observation says so.
   */
  queueEntry?: number | undefined;
  /** When the condition began (ms since the epoch), for `{{duration}}`. */
  since: number;
  /** For all-complete: one line per session. */
  summary?: string | undefined;
}

/** The radar's pair a conflict-predicted reaction is about (docs/conflicts.md). */
export interface ConflictFacts {
  /** The earlier session, whose changes this session's conflict with. */
  with: string;
  withBranch: string;
  /** Conflicting blocks as lines of the merge result, per file. */
  hunks: { file: string; start: number; end: number }[];
  /** When the pair began to conflict: the reaction holds while the stored pair still says so. */
  since: number;
}

/**
 * The payload of a planned reaction row: the reaction's configuration as it was when planned (so
 * retries follow the rules the reaction started with) and the facts its message is made of.
 */
export interface ReactionPayload {
  reaction: ReactionKey;
  action: ReactionAction;
  priority: Priority;
  retries: number;
  escalateAfter?: number | string | undefined;
  template: string;
  facts: MessageFacts;
  /** Set on the `…:escalate` row of an `escalateAfter` duration: the dedupe key it watches. */
  escalates?: string | undefined;
}

export function reactionPayload(
  key: ReactionKey,
  config: ReactionConfig,
  facts: MessageFacts,
): ReactionPayload {
  return {
    reaction: key,
    action: config.action,
    priority: config.priority,
    retries: config.retries,
    ...(config.escalateAfter === undefined ? {} : { escalateAfter: config.escalateAfter }),
    template: config.message,
    facts,
  };
}

/** Payloads are written by planReactions only, so reading one back is a cast at the row boundary. */
export function readPayload(payload: JsonObject): ReactionPayload {
  return payload as unknown as ReactionPayload;
}

export function toJsonPayload(payload: ReactionPayload): JsonObject {
  return JSON.parse(JSON.stringify(payload)) as JsonObject;
}
