import type { ReactionAction } from "../config/types.js";
import type { TurnStatus } from "../slots/turns.js";
import type { EventBase } from "./event-base.js";

/** What every reaction event after planning says: which reaction row, and which attempt. */
export interface ReactionFacts {
  /** The reaction row's id in the outbox (`reactions` table). */
  reactionId: number;
  /** The configured reaction (`ci-failed`, `approved-and-green`, …). */
  reaction: string;
  /** What it does; `escalate` for the row that tells a person when its condition still holds. */
  action: ReactionAction | "escalate";
  /** The key derived from what it reacts to (one observation is planned once). */
  dedupeKey: string;
  /** The attempt this event is about, counted from 1 when claimed. */
  attempt: number;
}

/** The lifecycle planned a reaction into the outbox (a known dedupe key plans nothing, and writes nothing). */
export interface ReactionPlanned extends EventBase {
  type: "reaction.planned";
  payload: {
    /** The configured reaction. */
    reaction: string;
    /** What it will do. */
    action: ReactionAction;
    /** The key derived from what it reacts to. */
    dedupeKey: string;
    /** Always 0: nothing was tried yet. */
    attempt: 0;
    /** When it may be delivered (ms since the epoch). */
    dueAt: number;
  };
}

/** The daemon claimed the reaction and is carrying it out: written before anything leaves ao. */
export interface ReactionDelivering extends EventBase {
  type: "reaction.delivering";
  payload: ReactionFacts;
}

/** The reaction was carried out. Which fields beside the facts are set depends on its action. */
export interface ReactionDelivered extends EventBase {
  type: "reaction.delivered";
  payload: ReactionFacts & ReactionDeliveredDetail;
}

/** What a delivered reaction adds to its facts, by action. */
export interface ReactionDeliveredDetail {
  /** send-to-agent: UTF-8 bytes of the message given to the agent. */
  bytes?: number;
  /** send-to-agent: sha256 of that message, hex. */
  sha256?: string;
  /** send-to-agent: the turn the message became (`ao turns show <turnId>`). */
  turnId?: string;
  /** send-to-agent: where that turn was when the reaction was settled (`running`, `completed`, …). */
  turnStatus?: TurnStatus;
  /** notify: the notifiers that took the notification. */
  notifiers?: string[];
  /** auto-merge: the number of the pull request merged. */
  merged?: number;
  /** auto-merge: the head commit merged (the one observed approved and green). */
  sha?: string;
  /** queue: the session's position in its project's merge queue (docs/merge-train.md). */
  queued?: number;
}

/** The reaction was settled without being carried out: its condition cleared, or a person has it. */
export interface ReactionCancelled extends EventBase {
  type: "reaction.cancelled";
  payload: ReactionFacts & {
    /** Why nothing was sent: what cleared, or that it was already handed to a person. */
    reason: string;
  };
}

/**
 * send-to-agent found its turn waiting for the agent's open turn to end: the reaction is due again
 * later, its attempt given back (a busy agent is not a failure, and no cycle waits for it).
 */
export interface ReactionDeferred extends EventBase {
  type: "reaction.deferred";
  payload: ReactionFacts & {
    /** Why it is not done yet. */
    reason: string;
    /** The reaction's turn. */
    turnId: string;
    /** Where that turn is: `queued`, or `delivering` by another process. */
    turnStatus: TurnStatus;
  };
}

/**
 * send-to-agent found its session held by a gate (the agent's usage limit, a budget): due again
 * when the hold lifts, its attempt given back — a limit is no failure, and must not use up retries.
 */
export interface ReactionHeld extends EventBase {
  type: "reaction.held";
  payload: ReactionFacts & {
    /** Which gate holds it. */
    gate: "rate_limit" | "budget";
    /** The gate's words (the agent's limit message, the budget crossed). */
    reason: string;
    /** When it is due again (ms since the epoch): the reset, or the next cycle's look at a budget. */
    dueAt: number;
  };
}

/** An attempt failed: the reaction is due again at `retryAt`, or given up (`final`). */
export interface ReactionFailed extends EventBase {
  type: "reaction.failed";
  payload: Omit<ReactionFacts, "action"> & {
    /** What it does; absent when the delivery broke off before its payload was read. */
    action?: ReactionFacts["action"];
    /** Why the attempt failed. */
    error: string;
    /** When it is tried again (ms since the epoch); absent when given up. */
    retryAt?: number;
    /** True when it was given up: no more attempts. */
    final?: true;
  };
}

/** The reaction was handed to a person: its action failed too often, or its condition held too long. */
export interface ReactionEscalated extends EventBase {
  type: "reaction.escalated";
  payload: ReactionFacts & {
    /** Why it was escalated. */
    reason: string;
    /** The notifiers that took the escalation. */
    notifiers: string[];
  };
}

/** The durable outbox of reactions (docs/lifecycle.md): planned, claimed, settled. */
export type ReactionEvent =
  | ReactionPlanned
  | ReactionDelivering
  | ReactionDelivered
  | ReactionCancelled
  | ReactionDeferred
  | ReactionHeld
  | ReactionFailed
  | ReactionEscalated;
