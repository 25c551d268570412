import { readDaemonStatus } from "../daemon-state/daemon-status.js";
import { dashboardAddress, servesDashboard } from "../daemon-state/dashboard-url.js";
import {
  costTotalText,
  durationTotalText,
  humanDuration,
  quartileRange,
  usd,
} from "../plans/estimate-format.js";
import { readPlanCard, type PlanCard } from "../plans/run/plan-card.js";
import type { ControlContext } from "./control-context.js";
import type { PlanAnswer } from "./plan-proposals.js";

/**
 * "The proposal also appears where it was made" (issue 15): a commander's proposal is answered with
 * the plan card, its deep link on the dashboard and the command a person runs to approve it. The
 * link carries no token (an agent never holds the dashboard's login).
 */
export interface ShownProposal extends PlanAnswer {
  card: PlanCard;
  /** `#/plans/<id>` on the running dashboard, or the fragment alone when no daemon serves it. */
  dashboard: string;
  approve_command: string;
}

export async function showProposal(cc: ControlContext, answer: PlanAnswer): Promise<ShownProposal> {
  const card = readPlanCard(cc.store, answer.plan_id)!;
  const fragment = `#/plans/${encodeURIComponent(card.id)}`;
  const status = await readDaemonStatus(cc.ctx);
  const served = status.running && status.port !== undefined && servesDashboard(status.routeSets);
  return {
    ...answer,
    card,
    dashboard: served ? `${dashboardAddress(status.port!)}${fragment}` : fragment,
    approve_command: `ao plan approve ${card.id} --revision ${card.revision}`,
  };
}

/** The card in a few lines, for the commander's text: steps with estimates, totals, link, approval. */
export function proposalText(shown: ShownProposal): string {
  const { card } = shown;
  const tickets = card.steps.filter((step) => step.estimate !== null).length;
  return [
    `${card.id} ${card.status}, revision ${card.revision}: ${card.goal}`,
    ...card.steps.map((step) => {
      const e = step.estimate;
      const estimate =
        e === null
          ? ""
          : ` — cost ${quartileRange(e.costUsd, usd)}, time ${quartileRange(e.durationMs, humanDuration)} (${e.sampleSize} runs)`;
      const needs = step.needs.length === 0 ? "" : ` after ${step.needs.join(", ")}`;
      return `${step.critical ? "*" : "-"} ${step.id} (${step.role})${needs}: ${step.title}${estimate}`;
    }),
    `critical path (* by ${card.criticalPathBy}): ${card.criticalPath.join(" → ")}`,
    `cost: ${costTotalText(card.estimate.cost, tickets)}; time: ${durationTotalText(card.estimate.duration)}`,
    `dashboard: ${shown.dashboard}`,
    `a person approves it: ${shown.approve_command}`,
  ].join("\n");
}
