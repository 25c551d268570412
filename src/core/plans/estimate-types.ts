/**
 * The shapes of a plan's estimates (docs/plans.md, "Estimates"). Types only, with no imports, so
 * the dashboard page (a browser program) reads the same types the core computes.
 */

/** The interquartile range of a sample; null when there is no sample (shown "unknown"). */
export interface Quartiles {
  readonly p25: number;
  readonly p75: number;
}

export interface TicketEstimate {
  readonly ticket: string;
  readonly role: string;
  /** Completed runs of the role; 0 means no history, and both ranges are null. */
  readonly sampleSize: number;
  readonly costUsd: Quartiles | null;
  readonly durationMs: Quartiles | null;
  /** The refs the ticket declared; null: it declared none, so its impact is unknown. */
  readonly impact: readonly string[] | null;
}

/** The plan's totals. */
export interface EstimateTotals {
  /** The sum of the estimable tickets' quartiles; partial when some ticket's cost is unknown. */
  readonly cost: { readonly usd: Quartiles | null; readonly partial: boolean; readonly estimable: number };
  /** The critical path: parallel branches overlap, so the plan lasts as long as its heaviest chain. */
  readonly duration: {
    readonly path: readonly string[];
    readonly ms: Quartiles | null;
    readonly partial: boolean;
    readonly label: string;
  };
}

export interface PlanEstimate extends EstimateTotals {
  readonly tickets: readonly TicketEstimate[];
}
