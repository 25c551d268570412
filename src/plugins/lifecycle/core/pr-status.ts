import type { PullRequestObservation } from "../../../core/plugin-api.js";
import { REASONS, type State } from "./reasons.js";

/**
 * The status of a session whose pull request is open. Precedence, first match wins: failing CI,
 * requested changes, approved and ready to merge, approved, review requested, open. Conflicts do
 * not have a status of their own (the review state still matters to a person) but name the reason.
 */
export function openPullRequestState(pr: PullRequestObservation): State {
  if (pr.ci.state === "failing") return { status: "ci_failed", reason: REASONS.ciFailing };
  if (pr.review.decision === "changes_requested")
    return { status: "changes_requested", reason: REASONS.reviewChangesRequested };
  if (pr.review.decision === "approved") return approvedState(pr);
  if (pr.review.decision === "pending")
    return { status: "review_pending", reason: conflictOr(pr, REASONS.reviewRequested) };
  return { status: "pr_open", reason: conflictOr(pr, REASONS.prOpen) };
}

/** Green means nothing failing and nothing pending; a repository without CI is green. */
export function isGreen(pr: PullRequestObservation): boolean {
  return pr.ci.state === "passing" || pr.ci.state === "none";
}

function approvedState(pr: PullRequestObservation): State {
  if (isGreen(pr) && pr.mergeable === true && pr.conflicts !== true)
    return { status: "mergeable", reason: REASONS.approvedAndGreen };
  return { status: "approved", reason: notReadyReason(pr) };
}

/** Why an approved PR cannot be merged yet, most actionable first. */
function notReadyReason(pr: PullRequestObservation): string {
  if (pr.conflicts === true) return REASONS.mergeConflicts;
  if (pr.ci.state === "pending") return REASONS.ciPending;
  if (pr.mergeable === null) return REASONS.mergeabilityUnknown;
  if (pr.mergeable === false) return REASONS.notMergeable;
  return REASONS.reviewApproved;
}

function conflictOr(pr: PullRequestObservation, reason: string): string {
  return pr.conflicts === true ? REASONS.mergeConflicts : reason;
}
