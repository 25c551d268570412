import {
  costTotalText,
  durationTotalText,
  humanDuration,
  quartileRange,
  usd,
} from "../../core/plans/estimate-format.js";
import type { PlanCardView } from "../api/plan-types.js";
import { html } from "./html.js";

/**
 * The estimates on the approval bar (docs/plans.md, "Estimates"): per ticket p25–p75 of cost and
 * duration from its role's completed runs, or "unknown"; the totals, marked partial, with the
 * duration's path and what its range is (a sum along the path, not a quantile of the total).
 */
export function PlanEstimates({ card }: { card: PlanCardView }) {
  const tickets = card.steps.flatMap((step) => (step.estimate === null ? [] : [{ step, e: step.estimate }]));
  return html`<div class="plan-estimates">
    <table aria-label="Estimates">
      <thead>
        <tr>
          <th>Ticket</th>
          <th>Role</th>
          <th>Runs</th>
          <th>Cost p25–p75</th>
          <th>Duration p25–p75</th>
          <th>Impact</th>
        </tr>
      </thead>
      <tbody>
        ${tickets.map(
          ({ step, e }) =>
            html`<tr key=${step.id} data-ticket=${step.id}>
              <td>${step.id}</td>
              <td>${e.role}</td>
              <td class="runs">${e.sampleSize}</td>
              <td class="cost">${quartileRange(e.costUsd, usd)}</td>
              <td class="duration">${quartileRange(e.durationMs, humanDuration)}</td>
              <td class="impact">${e.impact === null ? "unknown" : e.impact.join(", ")}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <p class="total-cost">Total cost: ${costTotalText(card.estimate.cost, tickets.length)}</p>
    <p class="total-duration">
      Total duration: ${durationTotalText(card.estimate.duration)}
      <br /><small>${card.estimate.duration.label}</small>
    </p>
  </div>`;
}
