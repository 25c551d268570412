import { conflictMarks, readConflicts, type ConflictView } from "../../core/conflicts/index.js";
import { sessionCost } from "../../core/cost/index.js";
import { byZoneUrgencyThenNewest, countZones, worstZone, type Observer } from "../../core/fleet/index.js";
import { readLastCycle } from "../../core/daemon-state/index.js";
import { sessionHold, standingWorkspaceRemoval } from "../../core/sessions/index.js";
import {
  isTerminalStatus,
  lastEventId,
  latestEventOf,
  listSessions,
  listTurns,
  openTurnOf,
  type Session,
  type Store,
} from "../../core/store/index.js";
import type { DiffBrief, FleetCard, FleetView, ProjectBrief } from "../api/types.js";
import { fleetCard, type CardFacts } from "./fleet-card.js";
import { mergeQueues, spawnsWaiting } from "./fleet-queues.js";
import { plansWaiting } from "./plans-waiting.js";

export interface FleetSource {
  readonly store: Store;
  readonly projects: readonly ProjectBrief[];
  /** The one project the daemon watches, if it watches only one. */
  readonly watchedProject: string | undefined;
  /** What cards show beyond the store (a task's first line, a branch's diff size); none in bare reads. */
  readonly extras?: CardExtras | undefined;
}

/** What a card shows that the store does not hold, each cached by the dashboard (task-titles.ts, diff-sizes.ts). */
export interface CardExtras {
  taskTitle(sessionId: string): string | undefined;
  /** The live session's diff size as last measured; null before. */
  diff(session: Session): DiffBrief | null;
  /** Changes when an extra did: the fleet is read again (store-feed.ts). */
  version(): number;
}

/** Ended sessions shown in `done`: the newest ones; older ones are in `ao session ls --all`. */
export const DONE_CARDS_KEPT = 50;

/**
 * The whole fleet from the store alone: every live session and the newest ended ones, each with
 * its zone and why. One indexed read per fact and session; nothing outside the store is asked (the
 * daemon's cycles keep the store current), so reading it costs the same whatever the forge does.
 */
export function readFleet(source: FleetSource, now: number): FleetView {
  const { store } = source;
  const position = lastEventId(store);
  const last = readLastCycle(store);
  const observer = observerOf(source, last?.at);
  const marks = conflictMarks(readConflicts(store));
  const cards = sessionsShown(store).map((session) =>
    fleetCard(factsOf(store, session, source.extras, marks.get(session.id)), observer, now),
  );
  cards.sort(fleetOrder);
  return summarize(cards, {
    generatedAt: new Date(now).toISOString(),
    lastEventId: position,
    projects: [...source.projects],
    lastCycle: last
      ? { at: new Date(last.at).toISOString(), durationMs: last.durationMs, failed: last.error !== undefined }
      : null,
    plansWaiting: plansWaiting(store),
    mergeQueues: mergeQueues(
      store,
      source.projects.map((project) => project.id),
      now,
    ),
    spawnsWaiting: spawnsWaiting(store),
  });
}

const byZoneUrgencyTime = byZoneUrgencyThenNewest<FleetCard>(
  (card) => card.zone,
  (card) => card.urgency.rank,
  (card) => Date.parse(card.why.at),
);

/**
 * A total order: sessions created in the same millisecond are ordered by id, so every read of the
 * same fleet orders it the same way and a page that applied patches holds what a snapshot shows.
 */
const fleetOrder = (a: FleetCard, b: FleetCard): number =>
  byZoneUrgencyTime(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The same view with only one project's cards (the page's filter, `?project=`). */
export function filterFleet(view: FleetView, project: string | undefined): FleetView {
  if (project === undefined) return view;
  const { cards: _all, counts: _counts, worst: _worst, plansWaiting: plans, ...rest } = view;
  return summarize(
    view.cards.filter((card) => card.project === project),
    {
      ...rest,
      plansWaiting: plans.filter((plan) => plan.project === project),
      mergeQueues: view.mergeQueues.filter((queue) => queue.project === project),
      spawnsWaiting: view.spawnsWaiting.filter((wait) => wait.project === project),
    },
  );
}

function summarize(cards: FleetCard[], rest: Omit<FleetView, "cards" | "counts" | "worst">): FleetView {
  const zones = cards.map((card) => card.zone);
  return { ...rest, cards, counts: countZones(zones), worst: worstZone(zones) ?? null };
}

function sessionsShown(store: Store) {
  const all = listSessions(store);
  const live = all.filter((session) => !isTerminalStatus(session.status));
  const ended = all
    .filter((session) => isTerminalStatus(session.status))
    .sort((a, b) => (b.endedAt ?? b.updatedAt) - (a.endedAt ?? a.updatedAt))
    .slice(0, DONE_CARDS_KEPT);
  return [...live, ...ended];
}

/** What the daemon's last cycle says about how fresh a session's data is. */
export function observerOf(source: FleetSource, lastCycleAt: number | undefined): Observer {
  return {
    lastCycleAt,
    watches: (project) => source.watchedProject === undefined || source.watchedProject === project,
  };
}

export function factsOf(
  store: Store,
  session: Session,
  extras?: CardExtras,
  conflicts?: readonly ConflictView[],
): CardFacts {
  const live = !isTerminalStatus(session.status);
  return {
    session,
    statusEvent: latestEventOf(store, session.id, "session.status"),
    escalation: latestEventOf(store, session.id, "reaction.escalated"),
    turn: openTurnOf(store, session.id) ?? listTurns(store, { sessionId: session.id, limit: 1 })[0],
    cost: sessionCost(store, session.id),
    workspaceRemoval: standingWorkspaceRemoval(store, session.id),
    question: live ? latestEventOf(store, session.id, "session.question") : undefined,
    hold: live ? sessionHold(store, session) : null,
    taskTitle: extras?.taskTitle(session.id),
    diff: live ? extras?.diff(session) : undefined,
    conflicts: live ? conflicts : undefined,
  };
}
