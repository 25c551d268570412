import type { EventBase } from "./event-base.js";

/** What every plan event says: which plan, and the revision it is about. */
export type PlanFacts = {
  /** The plan, `plan-<n>`. */
  planId: string;
  /** The revision the event is about (the latest one for a state change). */
  revision: number;
};

/** A plan was proposed (`ao plan propose`, `propose_orchestration`, `submit_plan`, `run_playbook`). */
export interface PlanProposed extends EventBase {
  type: "plan.proposed";
  payload: PlanFacts & {
    /** The ao project it belongs to. */
    project: string;
    /** Who proposed it: `person`, or `agent:<commander>`. */
    author: string;
    /** How many tickets the proposal has. */
    tickets: number;
  };
}

/** A revision was appended: an edit, an agent's revision (maybe coalesced) or a rewind. */
export interface PlanRevised extends EventBase {
  type: "plan.revised";
  payload: PlanFacts & {
    /** `edit` (a person), `agent` (the control plane) or `rewind` (an old revision appended again). */
    kind: "edit" | "agent" | "rewind";
    /** The revision it was made on. */
    baseRevision: number;
    /** Who made it: `person`, or `agent:<commander>`. */
    author: string;
    /** For an agent revision: how many revisions of the cooldown window it stands for. */
    coalesced?: number;
  };
}

/** An agent's revision came inside the cooldown: it waits (replacing any other waiting one). */
export interface PlanRevisionHeld extends EventBase {
  type: "plan.revision_held";
  payload: PlanFacts & {
    /** When it will be appended (ms since the epoch). */
    dueAt: number;
    /** How many agent revisions the waiting one now stands for. */
    coalesced: number;
  };
}

/** A waiting agent revision was dropped: the plan moved on, or left `proposed`, before it was due. */
export interface PlanRevisionDropped extends EventBase {
  type: "plan.revision_dropped";
  payload: PlanFacts & {
    /** Why, in words. */
    reason: string;
  };
}

/** The plan's state changed (approval, execution, the end). */
export interface PlanStatus extends EventBase {
  type: "plan.status";
  payload: PlanFacts & {
    /** The state it left. */
    from: string;
    /** The state it is in now. */
    to: string;
    /** Why, for failed and cancelled. */
    reason?: string;
    /** Who, for approval and cancel. */
    by?: string;
  };
}

/** A person rejected a proposed revision, with why (the plan is then `cancelled` with that reason). */
export interface PlanRejected extends EventBase {
  type: "plan.rejected";
  payload: PlanFacts & {
    /** Who: the OS user for `ao plan reject`, `dashboard` from the page. */
    by: string;
    /** Why, in the person's words (redacted when stored). */
    reason: string;
  };
}

/** Reviewed plans (docs/plans.md): proposals, revisions, the cooldown, the plan's state. */
export type PlanEvent =
  PlanProposed | PlanRevised | PlanRevisionHeld | PlanRevisionDropped | PlanStatus | PlanRejected;
