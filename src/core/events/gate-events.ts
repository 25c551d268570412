import type { EventBase } from "./event-base.js";

/**
 * An agent hit its usage limit (docs/limits-and-budgets.md): one per limit on this machine, written
 * by the first session that saw it; the others of that agent are held by the same limit.
 */
export interface LimitHit extends EventBase {
  type: "limit.hit";
  payload: {
    /** The agent plugin whose limit it is. */
    agent: string;
    /** The account whose limit it is, shared by every session spawned with it (never a secret). */
    account: string;
    /** The agent's own words. */
    words: string;
    /** When it lifts (ms since the epoch). */
    resetAt: number;
    /** False when the CLI printed no time and `limits.fallbackWait` was used. */
    resetPrinted: boolean;
  };
}

/**
 * The reset passed: a session the limit interrupted got its one "continue" turn, at its place in
 * the account's staggered schedule (one event per session, `limits.resumeSpacing` apart).
 */
export interface LimitResumed extends EventBase {
  type: "limit.resumed";
  payload: {
    /** The agent whose limit lifted. */
    agent: string;
    /** The account whose limit lifted. */
    account: string;
    /** The session's slot in the staggered schedule (ms since the epoch): due from then on. */
    resumeAt: number;
    /** The continue turns given now. */
    turns: { sessionId: string; turnId: string }[];
    /** The sessions that could not be given one (their agent is gone), with why. */
    skipped: { sessionId: string; reason: string }[];
  };
}

/** A session crossed its budget (or its project's): it gets no new turns; a person is told once. */
export interface BudgetExceeded extends EventBase {
  type: "budget.exceeded";
  payload: {
    /** Whose budget: the session's own, or its project's. */
    scope: "session" | "project";
    /** What was spent against what, e.g. "$5.20 of $5.00 today". */
    words: string;
  };
}

/** The budget allows again (raised in the config, or a new day): turns flow again. */
export interface BudgetCleared extends EventBase {
  type: "budget.cleared";
  payload: {
    /** Whose budget held it. */
    scope: "session" | "project";
  };
}

/** A person gave an over-budget session a turn anyway (`ao send --over-budget`). */
export interface BudgetOverridden extends EventBase {
  type: "budget.overridden";
  payload: {
    /** The turn given over budget. */
    turnId: string;
    /** The budget it was over, as the gate said it. */
    words: string;
  };
}

/** Usage limits (docs/limits-and-budgets.md): an agent's limit hit, and its sessions resumed. */
export type LimitEvent = LimitHit | LimitResumed;

/** Budgets (docs/limits-and-budgets.md): crossed, cleared, and overridden by a person. */
export type BudgetEvent = BudgetExceeded | BudgetCleared | BudgetOverridden;
