import { parseDuration } from "../config/duration.js";
import type { ReactionConfig, ReactionKey, ReactionTable } from "../config/index.js";
import type { LifecycleEvent } from "../slots/index.js";
import type { PrState, Session } from "../store/index.js";
import { reactionPayload, type MessageFacts, type ReactionPayload } from "./reaction-payload.js";

/** A reaction row to insert: its dedupe key says which content it reacts to. */
export interface PlannedReaction {
  sessionId: string | null;
  reactionKey: ReactionKey;
  dedupeKey: string;
  dueAt: number;
  payload: ReactionPayload;
}

export interface PlanInput {
  /** The session as the decision left it. */
  session: Session;
  events: readonly LifecycleEvent[];
  /** This cycle's PR observation, when the forge answered. */
  pr?: PrState | null | undefined;
  reactions: ReactionTable;
  baseBranch: string;
  at: number;
}

/**
 * Lifecycle events → reaction rows, pure. A dedupe key is made of what the reaction is about (the
 * session, the reaction, the head SHA and the failing check names; the review thread ids; the moment
 * a wait began), so planning the same observation twice plans nothing new, while CI failing again on
 * a new head SHA is a new key and reacts again. `auto: false` plans nothing.
 */
export function planReactions(input: PlanInput): PlannedReaction[] {
  return input.events.flatMap((event) => {
    const match = reactionFor(event, input);
    if (match === undefined) return [];
    const config = input.reactions[match.key];
    if (!config.auto) return [];
    const dedupeKey = `${input.session.id}:${match.key}:${match.content}`;
    return withEscalation(
      {
        sessionId: input.session.id,
        reactionKey: match.key,
        dedupeKey,
        dueAt: input.at,
        payload: reactionPayload(match.key, config, factsOf(input, match)),
      },
      config,
    );
  });
}

interface Match {
  key: ReactionKey;
  /** The content part of the dedupe key. */
  content: string;
  since: number;
}

function reactionFor(event: LifecycleEvent, input: PlanInput): Match | undefined {
  const since = input.at;
  switch (event.type) {
    case "ci_failed": {
      const names = [...new Set(event.checks.map((check) => check.name))].sort();
      return { key: "ci-failed", content: `${event.headSha}:${names.join(",")}`, since };
    }
    case "changes_requested": {
      const ids = [...new Set(event.threads.map((thread) => thread.id))].sort();
      return {
        key: "changes-requested",
        content: ids.length > 0 ? `threads:${ids.join(",")}` : `sha:${event.headSha}`,
        since,
      };
    }
    case "merge_conflicts":
      return { key: "merge-conflicts", content: event.headSha, since };
    case "mergeable":
      return isApprovedAndGreen(input.pr, event.headSha)
        ? { key: "approved-and-green", content: event.headSha, since }
        : undefined;
    case "stuck":
      return { key: "agent-stuck", content: `at:${input.at}`, since: input.at - event.idleMs };
    case "needs_input":
      return { key: "agent-needs-input", content: `at:${input.at}`, since };
    case "exited":
      return { key: "agent-exited", content: `at:${input.at}`, since };
    case "closed":
      return { key: "pr-closed", content: `pr:${event.pr}`, since };
    default:
      return undefined;
  }
}

/**
 * Approved, green and mergeable on the head the event names. Green is CI `passing`, or `none` (a
 * repository without CI), as lifecycle/core reads it; pending or failing CI is never green.
 */
export function isApprovedAndGreen(pr: PrState | null | undefined, headSha: string): boolean {
  if (!pr || pr.state !== "open" || pr.headSha !== headSha) return false;
  const green = pr.ci.state === "passing" || pr.ci.state === "none";
  return pr.review.decision === "approved" && green && pr.mergeable === true && pr.conflicts !== true;
}

function factsOf(input: PlanInput, match: Match): MessageFacts {
  const { session, pr, events } = input;
  const failing = events.find((event) => event.type === "ci_failed");
  const review = events.find((event) => event.type === "changes_requested");
  const facts: MessageFacts = {
    session: session.id,
    project: session.project,
    issue: session.issue ?? undefined,
    branch: session.branch,
    baseBranch: input.baseBranch,
    reason: session.reason ?? undefined,
    since: match.since,
  };
  const number = pr?.number ?? session.prNumber;
  if (number !== null && number !== undefined) {
    facts.pr = {
      number,
      url: pr?.url ?? session.prUrl ?? undefined,
      title: pr?.title,
      headSha: pr?.headSha ?? "",
    };
  }
  if (match.key === "ci-failed" && failing) facts.checks = failing.checks;
  if (match.key === "changes-requested" && review) {
    facts.threads = review.threads;
    const withheld = pr?.review.withheld?.threads ?? 0;
    if (withheld > 0) facts.withheldThreads = withheld;
  }
  if (match.key === "merge-conflicts") facts.conflicts = pr?.conflictingFiles ?? [];
  return facts;
}

/**
 * `escalateAfter` as a duration plans a second row, `<key>:escalate`, due that long after: when it
 * comes due and the condition still holds, a person is told (deliver-reactions checks the
 * condition; a cleared one is marked done as cancelled). A count is applied at delivery instead.
 */
export function withEscalation(planned: PlannedReaction, config: ReactionConfig): PlannedReaction[] {
  if (typeof config.escalateAfter !== "string") return [planned];
  const escalation: PlannedReaction = {
    ...planned,
    dedupeKey: `${planned.dedupeKey}:escalate`,
    dueAt: planned.dueAt + parseDuration(config.escalateAfter),
    payload: { ...planned.payload, escalates: planned.dedupeKey },
  };
  return [planned, escalation];
}
