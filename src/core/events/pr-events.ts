import type { CiState, MergeMethod } from "../slots/scm.js";
import type { EventBase } from "./event-base.js";

/** ao pushed the session's branch and opened its pull request (the branch had commits ahead of the base). */
export interface PrOpened extends EventBase {
  type: "pr.opened";
  payload: {
    /** The pull request's number on the forge. */
    number: number;
    /** Its web address. */
    url: string;
  };
}

/** The forge already had a pull request for the session's branch (the agent opened it): ao links it. */
export interface PrLinked extends EventBase {
  type: "pr.linked";
  payload: {
    /** The pull request's number on the forge. */
    number: number;
    /** Its web address. */
    url: string;
  };
}

/**
 * `ao session claim-pr` (or `ao spawn --claim-pr`) attached an existing open pull request to the
 * session: its checkout moved to the PR's head branch, and the lifecycle watches the PR from now on.
 */
export interface PrClaimed extends EventBase {
  type: "pr.claimed";
  payload: {
    /** The pull request's number on the forge. */
    number: number;
    /** Its web address. */
    url: string;
    /** The PR's head branch: the session's branch now. */
    branch: string;
    /** The session's branch before (kept, never deleted). */
    previousBranch: string;
  };
}

/** `ao merge` merged the session's pull request (an auto-merge reaction is a `reaction.delivered`). */
export interface PrMerged extends EventBase {
  type: "pr.merged";
  payload: {
    /** The pull request's number. */
    number: number;
    /** Its web address, when the session knows it. */
    url?: string;
    /** The head that was merged: the one observed just before merging. */
    sha: string;
    /** The method asked for; absent: the scm's configured one. */
    method?: MergeMethod;
    /** Who merged: `ao merge`, or the merge train (docs/merge-train.md). */
    by: "ao merge" | "merge train";
    /** What CI said at the merge. */
    ci?: CiState;
    /** `ao merge --force` merged over failing CI. */
    forced?: true;
  };
}

/** The session's pull request, as ao opens, links and merges it. */
export type PrEvent = PrOpened | PrLinked | PrClaimed | PrMerged;

/**
 * `ao review` recorded a person's review on the session's pull request. The review's text stays
 * out of the feed (it is in the forge's own record).
 */
export interface ReviewRecorded extends EventBase {
  type: "review.recorded";
  payload: {
    /** The pull request's number. */
    pr: number;
    /** What the person did. */
    action: "approve" | "request-changes" | "comment" | "resolve";
    /** The review thread a request for changes or a comment opened, or the one resolved. */
    thread?: string;
  };
}

/**
 * A person's inline comments on the session's diff, from the dashboard's review: sent to the agent
 * as one turn, or posted as a review on the forge. Their text stays out of the feed (it is in the
 * turn, or in the forge's own record).
 */
export interface ReviewCommented extends EventBase {
  type: "review.commented";
  payload: {
    /** Where they went: the agent (one turn) or the forge (a review requesting changes). */
    to: "agent" | "forge";
    /** The head commit the person reviewed. */
    head: string;
    /** How many comments. */
    comments: number;
    /** `path:line` of each comment (`path:-line` for a removed line). */
    places: string[];
    /** The turn that carried them (to the agent). */
    turn?: string;
    /** The pull request reviewed (to the forge). */
    pr?: number;
  };
}

/** Reviews people give through ao, for forges without a review UI of their own. */
export type ReviewEvent = ReviewRecorded | ReviewCommented;
