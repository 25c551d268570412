import type { ReactionTable } from "../config/index.js";
import { lifecycleFeedEvent } from "../events/index.js";
import type { Lifecycle, LifecycleDecision, LifecycleEvent, Observations } from "../slots/index.js";
import {
  appendEvent,
  getSession,
  inMergeBatch,
  recordObservation,
  updateSession,
  writeTransaction,
  type PrState,
  type Session,
  type Store,
  type WriteTx,
} from "../store/index.js";
import type { SessionObservation } from "./observe-sessions.js";
import { planReactions } from "./plan-reactions.js";
import { insertPlanned } from "./insert-planned.js";
import { snapshotOf } from "./session-snapshot.js";

export interface ApplyInput {
  store: Store;
  lifecycle: Lifecycle;
  sessionId: string;
  observation: SessionObservation;
  at: number;
  stuckAfterMs: number;
  /** An open control-plane worker with no turn under way (waiting-workers.ts). */
  waitsForCommander?: boolean | undefined;
  /** What a gate holds the session for, if one does (cycle-project.ts asks them). */
  hold?: Observations["hold"] | undefined;
  reactions: ReactionTable;
  baseBranch: string;
}

export interface AppliedDecision {
  /** The row after the decision; undefined when the session was deleted meanwhile. */
  session: Session | undefined;
  /** The status before the decision. */
  from: Session["status"] | undefined;
  events: number;
  planned: number;
}

/**
 * One session's decision in ONE write transaction: the row is read again under the write lock, so
 * two processes running cycles at once decide one after the other, and the second sees the first's
 * memory and emits nothing twice. Status changes are events (`session.status`), so are the
 * lifecycle's events (`lifecycle.<type>`); the rest of what was observed is stored without one.
 */
export function applyDecision(input: ApplyInput): AppliedDecision {
  return writeTransaction(input.store, (tx) => {
    const row = getSession(tx, input.sessionId);
    if (row === undefined) return { session: undefined, from: undefined, events: 0, planned: 0 };
    // `ao status --refresh` and the daemon can run cycles at once: one that observed later and
    // committed first has judged this session already; deciding on older facts would undo it.
    if (observedAfter(row, input.at)) return { session: row, from: row.status, events: 0, planned: 0 };
    const { observation } = input;
    const decision = input.lifecycle.decide(snapshotOf(row), {
      at: input.at,
      liveness: observation.liveness,
      ...(observation.activity === undefined ? {} : { activity: observation.activity }),
      ...(observation.pr === undefined ? {} : { pr: observation.pr }),
      stuckAfterMs: input.stuckAfterMs,
      ...(input.waitsForCommander === true ? { waitsForCommander: true } : {}),
      ...(input.hold === undefined ? {} : { hold: input.hold }),
    });
    const prState = prStateOf(row, observation, input.at);
    let events = persistStatus(tx, row, decision);
    const activity = activityOf(observation);
    const session = recordObservation(tx, row.id, {
      memory: decision.memory ?? null,
      lastActivityAt: decision.lastActivityAt ?? null,
      ...(prState === undefined ? {} : { prState }),
      ...(activity === undefined ? {} : { activity }),
    });
    const happened = decision.events.filter(isStoredAsItself);
    for (const event of happened) appendEvent(tx, lifecycleFeedEvent(row.id, event));
    events += happened.length;
    // Red CI on a merge batch's stack is the batch's: the train bisects it and tells the culprit.
    const batched = inMergeBatch(tx, row.id);
    const planned = planReactions({
      session,
      events: batched ? decision.events.filter((event) => event.type !== "ci_failed") : decision.events,
      pr: prState ?? row.prState,
      reactions: input.reactions,
      baseBranch: input.baseBranch,
      at: input.at,
    });
    return { session, from: row.status, events, planned: insertPlanned(tx, planned) };
  });
}

function observedAfter(row: Session, at: number): boolean {
  return row.prState !== null && row.prState.observedAt > at;
}

function persistStatus(tx: WriteTx, row: Session, decision: LifecycleDecision): number {
  if (decision.status === row.status && decision.reason === (row.reason ?? "")) return 0;
  updateSession(
    tx,
    row.id,
    { status: decision.status, reason: decision.reason },
    { type: "session.status", payload: { from: row.status, to: decision.status, reason: decision.reason } },
  );
  return 1;
}

function prStateOf(row: Session, observation: SessionObservation, at: number): PrState | undefined {
  const pr = observation.pr;
  if (pr === undefined || pr === null) return undefined;
  const url = observation.prInfo?.url ?? row.prState?.url ?? row.prUrl ?? undefined;
  const title = observation.prInfo?.title ?? row.prState?.title;
  return {
    ...pr,
    observedAt: at,
    ...(url === undefined ? {} : { url }),
    ...(title === undefined ? {} : { title }),
  };
}

/** The activity worth keeping: an `unknown` answer says nothing new. */
function activityOf(observation: SessionObservation): string | undefined {
  const activity = observation.activity?.activity;
  return activity === undefined || activity === "unknown" ? undefined : activity;
}

/** `status_changed` is the `session.status` event persistStatus writes; the others are stored as they are. */
function isStoredAsItself(
  event: LifecycleEvent,
): event is Exclude<LifecycleEvent, { type: "status_changed" }> {
  return event.type !== "status_changed";
}
