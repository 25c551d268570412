import { ZONES, type FleetView } from "../api/types.js";
import { html } from "./html.js";
import { NewSession } from "./new-session.js";
import { PlanWaitingCard } from "./plan-waiting-card.js";
import { SessionCard } from "./session-card.js";
import { groupByZone, ZONE_TITLES } from "./zones.js";

/**
 * Every session grouped by what it needs from a person, most urgent column first, with the plans
 * waiting for approval first under "Needs you". The project filter
 * narrows the cards on the page; the stream keeps pushing the whole fleet (the title counts it all).
 */
export function FleetPage({ fleet, project, now }: { fleet: FleetView; project: string; now: number }) {
  const cards = project === "" ? fleet.cards : fleet.cards.filter((card) => card.project === project);
  const groups = groupByZone(cards);
  const plans = (fleet.plansWaiting ?? []).filter((plan) => project === "" || plan.project === project);
  return html`<main class="fleet">
    <section class="zones">
      ${ZONES.map(
        (zone) =>
          html`<section class=${`zone zone-${zone}`} aria-label=${ZONE_TITLES[zone]}>
            <h2>
              ${ZONE_TITLES[zone]}
              <span class="count">${groups[zone].length + (zone === "needs-you" ? plans.length : 0)}</span>
            </h2>
            ${zone === "needs-you" && plans.map((plan) => html`<${PlanWaitingCard} key=${plan.id} plan=${plan} now=${now} />`)}
            ${
              groups[zone].length === 0
                ? (zone !== "needs-you" || plans.length === 0) && html`<p class="empty">Nothing here.</p>`
                : groups[zone].map((card) => html`<${SessionCard} key=${card.id} card=${card} now=${now} />`)
            }
          </section>`,
      )}
    </section>
    <${NewSession} projects=${fleet.projects} preferred=${project} cards=${fleet.cards} />
  </main>`;
}
