import type { PlanWaiting } from "../api/types.js";
import { shortAge } from "./age.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";

/**
 * A proposed plan under "Needs you", labelled with its id: nothing of it runs until a person
 * approves (or rejects) it on its page, so it waits for the person like a session's question does.
 */
export function PlanWaitingCard({ plan, now }: { plan: PlanWaiting; now: number }) {
  const steps = plan.steps === 1 ? "1 step" : `${plan.steps} steps`;
  return html`<article class="card plan-waiting zone-needs-you" aria-label=${plan.id}>
    <header>
      <a class="card-id" href=${routeHref({ page: "plan", id: plan.id })}>${plan.id}</a>
      <span class="status">plan waiting for approval</span>
    </header>
    <div class="card-title">${plan.goal}</div>
    <div class="card-meta">
      ${plan.project} · revision ${plan.revision} · ${steps} · proposed by ${plan.proposedBy}
    </div>
    <div class="card-why">
      <a href=${routeHref({ page: "plan", id: plan.id })}>Approve or reject plan ${plan.id}</a>
    </div>
    <footer class="card-age">waiting ${shortAge(plan.since, now)}</footer>
  </article>`;
}
