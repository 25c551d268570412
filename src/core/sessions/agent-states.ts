import { AoError, EXIT_USAGE } from "../errors.js";
import type { SessionStatus } from "../slots/session-status.js";

/**
 * The states an agent may declare with `ao report`, as the original ao defines them
 * (packages/core/src/agent-report.ts there). Terminal ones (merged, closed, done) are not among
 * them: the forge and the runtime own those.
 */
export const AGENT_REPORT_STATES = [
  "started",
  "working",
  "waiting",
  "needs_input",
  "fixing_ci",
  "addressing_reviews",
  "pr_created",
  "draft_pr_created",
  "ready_for_review",
  "completed",
] as const;

export type AgentReportState = (typeof AGENT_REPORT_STATES)[number];

/** What a reported state means here: the status it sets and its reason code (docs/switching.md). */
export const REPORT_STATUS: Readonly<Record<AgentReportState, { status: SessionStatus; reason: string }>> = {
  started: { status: "working", reason: "agent_acknowledged" },
  working: { status: "working", reason: "agent_reported_working" },
  waiting: { status: "idle", reason: "agent_waiting" },
  needs_input: { status: "needs_input", reason: "agent_reported_needs_input" },
  fixing_ci: { status: "working", reason: "agent_fixing_ci" },
  addressing_reviews: { status: "working", reason: "agent_addressing_reviews" },
  pr_created: { status: "idle", reason: "agent_pr_created" },
  draft_pr_created: { status: "working", reason: "agent_draft_pr_created" },
  ready_for_review: { status: "idle", reason: "agent_ready_for_review" },
  completed: { status: "idle", reason: "agent_completed" },
};

/** The original's aliases (hyphens, short words), lower-cased. */
const ALIASES: Readonly<Record<string, AgentReportState>> = {
  start: "started",
  work: "working",
  wait: "waiting",
  input: "needs_input",
  ci: "fixing_ci",
  reviews: "addressing_reviews",
  complete: "completed",
};

/** `needs-input`, `NEEDS_INPUT`, `input` → `needs_input`; anything else is a usage error naming the states. */
export function parseReportState(text: string): AgentReportState {
  const word = text.trim().toLowerCase().replaceAll("-", "_");
  if ((AGENT_REPORT_STATES as readonly string[]).includes(word)) return word as AgentReportState;
  const alias = ALIASES[word];
  if (alias !== undefined) return alias;
  throw new AoError("E_USAGE", `"${text}" is not a state an agent can report`, {
    exitCode: EXIT_USAGE,
    hint: `one of: ${AGENT_REPORT_STATES.map((state) => state.replaceAll("_", "-")).join(", ")}`,
    details: { state: text },
  });
}
