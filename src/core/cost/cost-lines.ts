import type { CostReport } from "./cost-report.js";

const PRICING_HINT = "add its price under pricing: in agent-orchestrator.yaml (docs/cost.md)";

/**
 * The lines under `ao cost`'s table that say what its sums leave out (issue 25): models recorded
 * without a price, the agents' default models without one, and side calls not counted.
 */
export function costLines(report: Pick<CostReport, "unpricedModels" | "agents">): string[] {
  const unpriced = report.unpricedModels.map(
    (row) =>
      `unpriced: ${row.model ?? "(model not recorded)"}: ${row.tokens.toLocaleString("en-US")} tokens in ${String(row.records)} records left out of the cost; ${PRICING_HINT}`,
  );
  const defaults = report.agents.flatMap((note) =>
    note.unpricedDefaults.map(
      (gap) => `unpriced default of ${note.agent}: ${gap.model} (${gap.source}); ${PRICING_HINT}`,
    ),
  );
  const sideCalls = report.agents.map((note) => `${note.agent}: side calls ${note.sideCalls}`);
  return [...unpriced, ...defaults, ...sideCalls];
}
