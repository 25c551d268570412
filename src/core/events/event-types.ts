import { didYouMean } from "../did-you-mean.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { AoEventFamily, AoEventType } from "./index.js";

/**
 * Every event type, at run time. `satisfies` checks it against the union both ways: a type added
 * to a family and missing here, or a key here that no family has, does not compile.
 */
const KNOWN = {
  "session.created": true,
  "session.spawn_step": true,
  "session.spawn_failed": true,
  "session.status": true,
  "session.restored": true,
  "session.killed": true,
  "session.workspace_removed": true,
  "session.runtime_started": true,
  "session.message_sent": true,
  "session.reported": true,
  "session.remapped": true,
  "session.question": true,
  "session.answered": true,
  "pr.opened": true,
  "pr.linked": true,
  "pr.claimed": true,
  "pr.merged": true,
  "review.recorded": true,
  "review.commented": true,
  "lifecycle.needs_input": true,
  "lifecycle.stuck": true,
  "lifecycle.exited": true,
  "lifecycle.ci_failed": true,
  "lifecycle.changes_requested": true,
  "lifecycle.merge_conflicts": true,
  "lifecycle.approved": true,
  "lifecycle.mergeable": true,
  "lifecycle.merged": true,
  "lifecycle.closed": true,
  "reaction.planned": true,
  "reaction.delivering": true,
  "reaction.delivered": true,
  "reaction.cancelled": true,
  "reaction.deferred": true,
  "reaction.held": true,
  "reaction.failed": true,
  "reaction.escalated": true,
  "notification.sent": true,
  "notification.failed": true,
  "notification.dropped": true,
  "turn.queued": true,
  "turn.delivering": true,
  "turn.delivered": true,
  "turn.requeued": true,
  "turn.started": true,
  "turn.ended": true,
  "control.commander_created": true,
  "control.commander_revoked": true,
  "control.worker_opened": true,
  "control.worker_closed": true,
  "control.turn_given": true,
  "control.turn_refused": true,
  "control.reported": true,
  "terminal.control_taken": true,
  "terminal.control_released": true,
  "terminal.input": true,
  "terminal.resized": true,
  "plan.step": true,
  "plan.ticket": true,
  "plan.budget_reached": true,
  "plan.proposed": true,
  "plan.revised": true,
  "plan.revision_held": true,
  "plan.revision_dropped": true,
  "plan.status": true,
  "plan.rejected": true,
  "limit.hit": true,
  "limit.resumed": true,
  "budget.exceeded": true,
  "budget.cleared": true,
  "budget.overridden": true,
  "conflict.predicted": true,
  "conflict.cleared": true,
  "queue.entered": true,
  "queue.updated": true,
  "queue.testing": true,
  "queue.bisecting": true,
  "queue.requeued": true,
  "queue.landed": true,
  "queue.left": true,
  "queue.reentered": true,
  "daemon.recovered": true,
} satisfies Record<AoEventType, true>;

export const EVENT_TYPES = Object.keys(KNOWN) as readonly AoEventType[];

export const EVENT_FAMILIES = [...new Set(EVENT_TYPES.map(familyOf))] as readonly AoEventFamily[];

export function familyOf(type: AoEventType): AoEventFamily {
  return type.slice(0, type.indexOf(".")) as AoEventFamily;
}

export function isEventType(value: string): value is AoEventType {
  return Object.hasOwn(KNOWN, value);
}

/** A filter as a person types it (`ao events --type`): one event type, or a family of them. */
export function parseEventFilter(value: string): AoEventType | AoEventFamily {
  if (isEventType(value) || (EVENT_FAMILIES as readonly string[]).includes(value))
    return value as AoEventType | AoEventFamily;
  const close = didYouMean(value, [...EVENT_FAMILIES, ...EVENT_TYPES]);
  throw new AoError("E_USAGE", `"${value}" is neither an event type nor a family of them`, {
    exitCode: EXIT_USAGE,
    hint: `${close === undefined ? "" : `did you mean "${close}"? `}families: ${EVENT_FAMILIES.join(", ")} (docs/events.md lists every type)`,
    details: { type: value },
  });
}
