import type { SessionStatus } from "../../../core/plugin-api.js";

/**
 * Every reason code lifecycle/core answers with, by what caused it. The store keeps the code beside
 * the status, `ao status` shows it and reaction messages render it as `{{reason}}`; docs/lifecycle.md
 * has the same table.
 */
export const REASONS = {
  agentWorking: "agent_working",
  agentIdle: "agent_idle",
  agentNeedsInput: "agent_needs_input",
  idlePastThreshold: "idle_past_threshold",
  agentExited: "agent_exited",
  agentFailed: "agent_failed",
  runtimeMissing: "runtime_missing",
  prOpen: "pr_open",
  ciFailing: "ci_failing",
  ciPending: "ci_pending",
  reviewRequested: "review_requested",
  reviewChangesRequested: "review_changes_requested",
  reviewApproved: "review_approved",
  mergeConflicts: "merge_conflicts",
  mergeabilityUnknown: "mergeability_unknown",
  notMergeable: "not_mergeable",
  approvedAndGreen: "approved_and_green",
  prMerged: "pr_merged",
  prClosed: "pr_closed",
} as const;

export type Reason = (typeof REASONS)[keyof typeof REASONS];

export interface State {
  status: SessionStatus;
  reason: string;
}
