import type { Session, StoredEvent, Turn } from "../../core/store/index.js";
import type { Timeline, TimelineMark, TimelineSpan } from "../api/types.js";
import { iso } from "./fleet-card.js";

/** Events drawn as moments on the timeline, with how each is labelled. */
const MARKED: Readonly<Record<string, (event: StoredEvent) => string>> = {
  "reaction.delivered": (event) =>
    `${text(event.payload.reaction)} delivered (attempt ${text(event.payload.attempt)})`,
  "reaction.failed": (event) => `${text(event.payload.reaction)} failed: ${text(event.payload.error)}`,
  "reaction.escalated": (event) => `${text(event.payload.reaction)} escalated: ${text(event.payload.reason)}`,
  "session.answered": (event) =>
    `${text(event.payload.by)} answered "${text(event.payload.answer)}"${event.payload.confirmed === true ? "" : " (not taken yet)"}`,
  "session.restored": () => "restored",
  "session.killed": () => "killed",
  "pr.opened": (event) => `PR #${text(event.payload.number)} opened`,
  "pr.merged": (event) => `PR #${text(event.payload.number)} merged`,
};

/**
 * The session's life as the page draws it: one span per status (from its `session.status`
 * events, the first one from creation), one per turn (queued until it ended), and a mark for each
 * reaction outcome and each thing a person did. Everything comes from the store.
 */
export function sessionTimeline(
  session: Session,
  statusEvents: readonly StoredEvent[],
  turns: readonly Turn[],
  events: readonly StoredEvent[],
  now: number,
): Timeline {
  const end = session.endedAt ?? now;
  return {
    start: new Date(session.createdAt).toISOString(),
    end: new Date(end).toISOString(),
    statuses: statusSpans(session, statusEvents),
    turns: turns.map(turnSpan),
    marks: events.flatMap(markOf),
  };
}

function statusSpans(session: Session, events: readonly StoredEvent[]): TimelineSpan<"status">[] {
  const spans: TimelineSpan<"status">[] = [];
  let current = {
    state: "spawning",
    start: session.createdAt,
    eventId: null as number | null,
    label: "spawning",
  };
  for (const event of events) {
    spans.push({ kind: "status", ...current, start: iso(current.start)!, end: iso(event.createdAt) });
    const state = text(event.payload.to);
    current = {
      state,
      start: event.createdAt,
      eventId: event.id,
      label: `${state} (${text(event.payload.reason)})`,
    };
  }
  const end = session.endedAt === null ? null : iso(session.endedAt);
  spans.push({ kind: "status", ...current, start: iso(current.start)!, end });
  return spans;
}

function turnSpan(turn: Turn): TimelineSpan<"turn"> {
  return {
    kind: "turn",
    start: new Date(turn.queuedAt).toISOString(),
    end: iso(turn.endedAt),
    state: turn.status,
    label: `${turn.id} ${turn.status} (${turn.origin})`,
    eventId: null,
  };
}

function markOf(event: StoredEvent): TimelineMark[] {
  const label = MARKED[event.type];
  if (label === undefined) return [];
  const kind = event.type.startsWith("reaction.") ? "reaction" : "event";
  const state = event.type.split(".")[1] ?? event.type;
  return [
    { kind, at: new Date(event.createdAt).toISOString(), state, label: label(event), eventId: event.id },
  ];
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "?";
}
