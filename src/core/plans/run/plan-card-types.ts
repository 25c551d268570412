import type { EstimateTotals, TicketEstimate } from "../estimate-types.js";

/**
 * The plan card (docs/plans.md, "The plan card"): one type for what `GET /api/plans/:id` serves,
 * what `ao plan show --json` prints and what a proposal over the control plane answers. Types only,
 * so the dashboard page (a browser program) reads this very type.
 */

/** One step as people see it: where it stands, who runs it, what it handed on, what it may cost. */
export interface PlanCardStep {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly role: string;
  readonly agent: string;
  readonly needs: readonly string[];
  /** What the step asks for, as proposed (untrusted text): a ticket's body; null for a debate round. */
  readonly body: string | null;
  /** `pending` until it runs; a proposed plan's steps are all `pending`. */
  readonly state: string;
  readonly sessionId: string | null;
  readonly output: unknown;
  readonly reason: string | null;
  readonly critical: boolean;
  /** A ticket's estimate from its role's completed runs; null for research, debate and synthesis. */
  readonly estimate: TicketEstimate | null;
}

/** A plan as the dashboard's plan page, `ao plan show` and the control plane render it. */
export interface PlanCard {
  readonly id: string;
  readonly project: string;
  /** One of PLAN_STATES (`proposed`, `approved`, `executing`, …). */
  readonly status: string;
  readonly reason: string | null;
  readonly goal: string;
  /** The latest revision. */
  readonly revision: number;
  /** The revision the steps are drawn from: the approved one, or the latest (or the one asked for). */
  readonly shownRevision: number;
  readonly approvedRevision: number | null;
  /** The parent ticket: the `--parent` issue until approval files or adopts it (then with its URL). */
  readonly parent: { readonly ref: string; readonly url: string | null } | null;
  readonly deliverable: string | null;
  readonly budgetUsd: number | null;
  /** An agent revision the cooldown holds, appended at `dueAt`. */
  readonly held: { readonly dueAt: number; readonly coalesced: number; readonly baseRevision: number } | null;
  readonly steps: readonly PlanCardStep[];
  /**
   * The critical path through the steps: by duration (the tickets' p75) once some ticket's role has
   * completed runs, by step count before (`criticalPathBy`). Its tickets are `estimate.duration.path`.
   */
  readonly criticalPath: readonly string[];
  readonly criticalPathBy: "duration" | "steps";
  /** Total cost and duration (per-ticket estimates are on the steps). */
  readonly estimate: EstimateTotals;
  readonly revisions: readonly {
    readonly revision: number;
    readonly author: string;
    readonly kind: string;
    readonly createdAt: number;
    readonly changes: readonly string[];
  }[];
}
