import type { StepResult } from "./cycle-scope.js";
import type { CycleReport } from "./run-cycle.js";

type Count = "events" | "planned" | "delivered" | "failed" | "escalated";

/** Several steps' (or projects') results as one. */
export function sumResults(results: readonly StepResult[]): Required<StepResult> {
  const sum = (key: Count) => results.reduce((total, result) => total + (result[key] ?? 0), 0);
  return {
    events: sum("events"),
    planned: sum("planned"),
    delivered: sum("delivered"),
    failed: sum("failed"),
    escalated: sum("escalated"),
    errors: results.flatMap((result) => result.errors ?? []),
  };
}

/** The report of a finished cycle, built from what its steps returned. */
export function buildReport(
  cycle: { readonly at: number; readonly durationMs: number; readonly sessions: number },
  results: readonly StepResult[],
): CycleReport {
  const total = sumResults(results);
  return { ...cycle, ...total, errors: [...total.errors] };
}
