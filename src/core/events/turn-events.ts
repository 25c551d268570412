import type { EndedTurnStatus, ReplySource, TurnOrigin } from "../slots/turns.js";
import type { EventBase } from "./event-base.js";

/** What every turn event says: which turn, and who gave it. */
export type TurnFacts = {
  /** The turn, `t-<n>` (one counter for all sessions). */
  turnId: string;
  /** Who gave it: `cli` (`ao send`), `reaction` (the lifecycle), `mcp` (a commander agent) or `spawn` (the task the agent started with). */
  origin: TurnOrigin;
};

/** A message was given to the session's agent: it waits until the session has no other open turn. */
export interface TurnQueued extends EventBase {
  type: "turn.queued";
  payload: TurnFacts & {
    /** UTF-8 bytes of the message (the text itself never enters the feed). */
    bytes: number;
    /** sha256 of the message, hex. */
    sha256: string;
    /** The reaction that gave it, for origin `reaction`. */
    reactionId?: number;
  };
}

/** One process claimed the turn and is handing it to the runtime (a compare-and-set: only one does). */
export interface TurnDelivering extends EventBase {
  type: "turn.delivering";
  payload: TurnFacts;
}

/** The runtime took the message: the agent has it; the stored text is forgotten, its hash kept. */
export interface TurnDelivered extends EventBase {
  type: "turn.delivered";
  payload: TurnFacts & {
    /** How many times submit was pressed (the text is pasted once). */
    attempts: number;
    /** The runtime saw the agent react; false for `--no-wait` and for a recovered delivery. */
    confirmed: boolean;
  };
}

/**
 * A delivery that provably never reached the agent (its process was killed before the paste, or
 * the paste sat unsubmitted in the input box and was cleared) is queued again: delivered next, once.
 */
export interface TurnRequeued extends EventBase {
  type: "turn.requeued";
  payload: TurnFacts & {
    /** What showed that the agent never got it. */
    reason: string;
  };
}

/** The agent's signals say it started working on the turn. */
export interface TurnStarted extends EventBase {
  type: "turn.started";
  payload: TurnFacts;
}

/** The turn ended: the agent finished, said nothing, failed, was interrupted, or was never reached. */
export interface TurnEnded extends EventBase {
  type: "turn.ended";
  payload: TurnFacts & {
    /** `completed`, `empty` (a blank reply), `failed` or `interrupted`. */
    status: EndedTurnStatus;
    /** UTF-8 bytes of the reply (`ao turns show` shows it; the feed never does). */
    replyBytes: number;
    /** Where the reply was read: `hook`, `transcript` or `screen`; null without a reply. */
    replySource: ReplySource | null;
    /** For `failed`: the agent's own words, or why the delivery failed; redacted. */
    error?: string;
    /** How many tool calls the agent reported (ACP agents); `ao turns show` lists them. */
    tools?: number;
    /** How many entries the agent's plan for the turn had (ACP agents); `ao turns show` lists them. */
    planEntries?: number;
    /** How many of its tool calls' permission questions ao answered allow itself (`agentConfig.autoAllow`). */
    autoAllowed?: number;
  };
}

/**
 * The life of a turn (src/core/slots/turns.ts, docs/turns.md): one message delivered to an agent
 * and its work on it, one event per change. Message and reply texts never enter the feed, only
 * their sizes (and the message's hash): they may quote reviews or secrets.
 */
export type TurnEvent = TurnQueued | TurnDelivering | TurnDelivered | TurnRequeued | TurnStarted | TurnEnded;
