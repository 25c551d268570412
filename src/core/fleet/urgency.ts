import type { SessionStatus } from "../slots/session-status.js";
import { byZoneThenNewest, type Zone } from "./zones.js";

/**
 * How urgently a session needs a person, most urgent first (docs/dashboard.md, "Needs you"): an
 * agent blocked on a question does nothing until answered; a reaction that gave up (CI still
 * failing, changes still requested) waits on a person's judgement; an exited or errored agent
 * does nothing at all; an idle one only costs time. Pure: the fleet sorts "Needs you" by it.
 */
export const URGENCIES = [
  "question",
  "input",
  "errored",
  "ci-escalated",
  "review-escalated",
  "escalated",
  "exited",
  "over-budget",
  "stuck",
  "other",
] as const;
export type Urgency = (typeof URGENCIES)[number];

export interface UrgencyFacts {
  readonly status: SessionStatus;
  readonly zone: Zone;
  /** What the agent asks, when it asks something (a permission prompt, a dialog's first line). */
  readonly question?: string | undefined;
  /** The reaction a person was handed, when one was escalated in this status (`ci-failed`). */
  readonly escalated?: string | undefined;
}

/** The urgency of one session and the reason in plain words. */
export function urgencyOf(facts: UrgencyFacts): { urgency: Urgency; rank: number; reason: string } {
  const [urgency, reason] = classify(facts);
  return { urgency, rank: URGENCIES.indexOf(urgency), reason };
}

function classify(facts: UrgencyFacts): [Urgency, string] {
  if (facts.zone !== "needs-you") return ["other", "nothing needs you"];
  if (facts.status === "needs_input") {
    return facts.question === undefined
      ? ["input", "the agent waits for your input"]
      : ["question", `the agent is blocked on a question: ${oneLine(facts.question)}`];
  }
  if (facts.status === "errored") return ["errored", "ao hit an error with this session: restore or kill it"];
  if (facts.escalated !== undefined) return escalation(facts.escalated);
  if (facts.status === "exited") return ["exited", "the agent exited: restore or kill it"];
  if (facts.status === "over_budget") return ["over-budget", "over budget: raise the budget or send by hand"];
  if (facts.status === "stuck") return ["stuck", "the agent sits idle without a pull request"];
  return ["other", "needs a look"];
}

function escalation(reaction: string): [Urgency, string] {
  if (reaction === "ci-failed") return ["ci-escalated", "CI still fails after the agent's attempts"];
  if (reaction === "changes-requested")
    return ["review-escalated", "review changes still open after the agent's attempts"];
  return ["escalated", `ao gave up on ${reaction} and handed it to you`];
}

/** A dialog's lines on one line, cut at 160 characters. */
function oneLine(text: string): string {
  const line = text
    .split("\n")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(" · ");
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * The fleet's order: by zone (most urgent first), within a zone by urgency rank (in "Needs you" a
 * question before a CI failure before an idle agent), then newest first.
 */
export function byZoneUrgencyThenNewest<T>(
  zoneOf: (item: T) => Zone,
  rankOf: (item: T) => number,
  timeOf: (item: T) => number,
) {
  const byZone = byZoneThenNewest(zoneOf, () => 0);
  return (a: T, b: T): number => byZone(a, b) || rankOf(a) - rankOf(b) || timeOf(b) - timeOf(a);
}
