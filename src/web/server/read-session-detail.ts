import { conflictMarks, readConflicts, type ConflictView } from "../../core/conflicts/index.js";
import { readLastCycle } from "../../core/daemon-state/index.js";
import {
  getSession,
  listEvents,
  listReactions,
  listTurns,
  type Reaction,
  type Session,
  type Store,
  type StoredEvent,
} from "../../core/store/index.js";
import type { EventEntry, PullRequestDetail, ReactionDetail, SessionDetail } from "../api/types.js";
import { fleetCard, pullRequestBrief } from "./fleet-card.js";
import { factsOf, observerOf, type FleetSource } from "./read-fleet.js";
import { sessionMergeFacts } from "./session-merge-facts.js";
import { sessionTimeline } from "./session-timeline.js";
import { turnDetail } from "./turn-detail.js";

/** The session page keeps this many of the newest turns and events (the CLI has all of them). */
export const DETAIL_TURNS = 50;
export const DETAIL_EVENTS = 200;

/** One session's page, from the store alone; undefined for an unknown id. */
export function readSessionDetail(source: FleetSource, id: string, now: number): SessionDetail | undefined {
  const { store } = source;
  const session = getSession(store, id);
  if (session === undefined) return undefined;
  const observer = observerOf(source, readLastCycle(store)?.at);
  const turns = listTurns(store, { sessionId: id, limit: DETAIL_TURNS });
  const events = listEvents(store, { sessionId: id, limit: DETAIL_EVENTS, fromEnd: true });
  const statusEvents = listEvents(store, { sessionId: id, type: "session.status" });
  return {
    card: fleetCard(factsOf(store, session, source.extras, conflictsOf(store, session)), observer, now),
    worktree: session.worktree,
    exit: session.exit && {
      exitCode: session.exit.exitCode,
      lastLines: [...session.exit.lastLines],
      seenAt: new Date(session.exit.seenAt).toISOString(),
    },
    timeline: sessionTimeline(session, statusEvents, turns, events, now),
    pr: pullRequestDetail(session),
    reactions: listReactions(store, { sessionId: id }).map(reactionDetail),
    turns: turns.map((turn) => turnDetail(store, turn)),
    events: events.map(eventEntry),
    ...sessionMergeFacts(store, session, now),
    generatedAt: new Date(now).toISOString(),
  };
}

function pullRequestDetail(session: Session): PullRequestDetail | null {
  const brief = pullRequestBrief(session);
  if (brief === null) return null;
  const observed = session.prState;
  return {
    ...brief,
    failing: (observed?.ci.failing ?? []).map((check) => ({
      name: check.name,
      url: check.url ?? null,
      logTail: check.logTail ?? null,
    })),
    threads: (observed?.review.threads ?? []).map((thread) => ({
      id: thread.id,
      path: thread.path ?? null,
      line: thread.line ?? null,
      author: thread.author,
      body: thread.body,
      url: thread.url ?? null,
      isBot: thread.isBot,
    })),
    withheld: observed?.review.withheld ?? null,
    conflicts: observed?.conflicts === true,
  };
}

function reactionDetail(reaction: Reaction): ReactionDetail {
  return {
    id: reaction.id,
    key: reaction.reactionKey,
    status: reaction.status,
    attempts: reaction.attempts,
    dueAt: new Date(reaction.dueAt).toISOString(),
    lastError: reaction.lastError,
    createdAt: new Date(reaction.createdAt).toISOString(),
    updatedAt: new Date(reaction.updatedAt).toISOString(),
  };
}

/** A store event as the page and the stream get it. */
export function eventEntry(event: StoredEvent): EventEntry {
  return {
    id: event.id,
    sessionId: event.sessionId,
    type: event.type,
    at: new Date(event.createdAt).toISOString(),
    payload: event.payload,
  };
}

/** The radar's pairs the session is in (core/conflicts, what `ao conflicts` lists): its card's markers. */
function conflictsOf(store: Store, session: Session): ConflictView[] | undefined {
  return conflictMarks(readConflicts(store, session.project)).get(session.id);
}
