import type { SessionStatus } from "../slots/session-status.js";
import type { Session } from "../store/session-row.js";
import type { StoredEvent } from "../store/events.js";
import { describeStatus } from "./describe-status.js";
import type { Zone } from "./zones.js";

/** Why a session is in its zone: the store event that put it there, or its row when no event did. */
export interface ZoneReason {
  readonly type: string;
  readonly eventId: number | null;
  /** ms since the epoch. */
  readonly at: number;
  readonly summary: string;
}

/** What the zone is decided from: the row and the session's latest events of two kinds. */
export interface ZoneFacts {
  readonly session: Session;
  /** Its latest `session.status` event. */
  readonly statusEvent?: StoredEvent | undefined;
  /** Its latest `reaction.escalated` event: a reaction handed to a person. */
  readonly escalation?: StoredEvent | undefined;
}

const ZONE_OF_STATUS: Readonly<Record<SessionStatus, Zone>> = {
  spawning: "working",
  working: "working",
  idle: "working",
  needs_input: "needs-you",
  stuck: "needs-you",
  // ao resumes it by itself after the reset; a budget needs a person to raise it or send by hand.
  rate_limited: "working",
  over_budget: "needs-you",
  errored: "needs-you",
  exited: "needs-you",
  pr_open: "in-review",
  ci_failed: "in-review",
  review_pending: "in-review",
  changes_requested: "in-review",
  approved: "in-review",
  mergeable: "ready-to-merge",
  merged: "done",
  closed: "done",
  killed: "done",
};

/**
 * The zone of one session and why (docs/dashboard.md, "Zones"): a reaction escalated since the
 * session entered its status puts it in needs-you whatever the status says (the lifecycle gave
 * up and handed it to a person); otherwise its status decides, an approved pull request counting
 * as ready to merge once the forge says it is mergeable with CI passing.
 */
export function zoneOf(facts: ZoneFacts): { zone: Zone; why: ZoneReason } {
  const { session } = facts;
  const byStatus = statusZone(session);
  if (byStatus !== "done" && facts.escalation !== undefined && escalatedInStatus(session, facts.escalation))
    return { zone: "needs-you", why: escalationReason(facts.escalation) };
  return { zone: byStatus, why: statusReason(session, facts.statusEvent) };
}

function statusZone(session: Session): Zone {
  if (session.status !== "approved") return ZONE_OF_STATUS[session.status];
  const pr = session.prState;
  return pr?.mergeable === true && pr.ci.state === "passing" ? "ready-to-merge" : "in-review";
}

/** Only an escalation of the session's current episode: one from before it entered its status is over. */
function escalatedInStatus(session: Session, escalation: StoredEvent): boolean {
  return escalation.createdAt >= (session.statusSince ?? session.createdAt);
}

function escalationReason(event: StoredEvent): ZoneReason {
  const reaction = typeof event.payload.reaction === "string" ? event.payload.reaction : "a reaction";
  const why = typeof event.payload.reason === "string" ? `: ${event.payload.reason}` : "";
  return { type: event.type, eventId: event.id, at: event.createdAt, summary: `${reaction} escalated${why}` };
}

function statusReason(session: Session, event: StoredEvent | undefined): ZoneReason {
  const summary = describeStatus(session);
  if (event !== undefined && event.payload.to === session.status)
    return { type: event.type, eventId: event.id, at: event.createdAt, summary };
  return { type: "session", eventId: null, at: session.statusSince ?? session.createdAt, summary };
}
