import { useEffect } from "preact/hooks";
import type { FleetCard, FleetView, Zone } from "../api/types.js";
import { ZONES } from "../api/types.js";
import { filterCards, type FleetFilter } from "./fleet-filter.js";
import { FleetPage } from "./fleet-page.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { useLive, useNow, useRoute } from "./hooks.js";
import type { LiveData, LiveState } from "./live-data.js";
import { PlanPage, PlansPage } from "./plan-page.js";
import { QueuePanel } from "./queue-panel.js";
import { queueCount, queuedFor } from "./queued-for.js";
import { SessionPage } from "./session-page.js";
import { SettingsPage } from "./settings-page.js";
import { SupervisionPage } from "./supervision-page.js";
import { useFleetFilter } from "./use-fleet-filter.js";
import { faviconHref, fleetTitle } from "./zones.js";

/** The worst zone and its counts among the cards the filter shows. */
function visibleSummary(cards: FleetCard[]): { counts: Record<Zone, number>; worst: Zone | null } {
  const counts = Object.fromEntries(ZONES.map((zone) => [zone, 0])) as Record<Zone, number>;
  for (const card of cards) counts[card.zone]++;
  return { counts, worst: ZONES.find((zone) => counts[zone] > 0) ?? null };
}

/** The title and favicon follow the worst state of what the person is looking at. */
function useTitle(fleet: FleetView | null, filter: FleetFilter): void {
  useEffect(() => {
    if (fleet === null) return;
    const { counts, worst } = visibleSummary(filterCards(fleet.cards, filter));
    document.title = fleetTitle(counts, worst);
    const icon = document.querySelector<HTMLLinkElement>("link[rel=icon]");
    if (icon !== null) icon.href = faviconHref(worst);
  }, [fleet, filter]);
}

function Banner({ state }: { state: LiveState }) {
  if (state.status === "unauthorized")
    return html`<div class="banner error" role="alert">
      Not logged in: open the URL <code>ao dashboard</code> or <code>ao start</code> printed (it carries the
      token).
    </div>`;
  if (state.status === "reconnecting" && state.fleet === null)
    return html`<div class="banner warn" role="alert">
      Offline: the dashboard's server cannot be reached. Nothing is shown until it answers — reconnecting…
    </div>`;
  if (state.status === "reconnecting")
    return html`<div class="banner warn" role="alert">Disconnected — reconnecting…</div>`;
  if (state.status === "connecting" && state.fleet === null)
    return html`<div class="banner">Connecting…</div>`;
  return null;
}

/**
 * The whole page: the connection banner, a header with the project filter and the supervision
 * links, and the routed page (fleet, one session, one project's supervision view).
 */
export function App({ live }: { live: LiveData }) {
  const state = useLive(live);
  const route = useRoute();
  const now = useNow();
  const [filter, setFilter] = useFleetFilter();
  useTitle(state.fleet, filter);
  const fleet = state.fleet;
  return html`<div class="app">
    <header class="top">
      <a class="brand" href="#/">ao</a>
      ${
        fleet !== null &&
        html`<label class="filter"
            >Project
            <select
              value=${filter.project}
              onChange=${(event: Event) => setFilter({ ...filter, project: (event.target as HTMLSelectElement).value })}
            >
              <option value="">all</option>
              ${fleet.projects.map((option) => html`<option value=${option.id}>${option.id}</option>`)}
            </select>
          </label>
          <a class="plans-link" href="#/plans">Plans</a>
          <a class="queue-link" href="#/queue"
            >Queue${queueCount(fleet, filter) > 0 ? ` (${queueCount(fleet, filter)})` : ""}</a
          >
          <a class="settings-link" href="#/settings">Settings</a>
          <nav aria-label="Supervision">
            ${fleet.projects.map((option) => html`<a href=${routeHref({ page: "project", project: option.id })}>${option.id}</a>`)}
          </nav>
          <span class="cycle"
            >${fleet.lastCycle === null ? "no daemon cycle yet" : `last cycle ${new Date(fleet.lastCycle.at).toLocaleTimeString()}${fleet.lastCycle.failed ? " (failed)" : ""}`}</span
          >`
      }
      <span class=${`conn conn-${state.status}`} aria-label="Connection">${state.status}</span>
    </header>
    <${Banner} state=${state} />
    ${
      fleet === null
        ? null
        : route.page === "session"
          ? html`<${SessionPage}
              id=${route.id}
              tab=${route.tab ?? "overview"}
              live=${live}
              projects=${fleet.projects}
              now=${now}
            />`
          : route.page === "project"
            ? html`<${SupervisionPage} fleet=${fleet} project=${route.project} />`
            : route.page === "plans"
              ? html`<${PlansPage} />`
              : route.page === "plan"
                ? html`<${PlanPage} id=${route.id} />`
                : route.page === "settings"
                  ? html`<${SettingsPage} />`
                  : route.page === "queue"
                    ? html`<main class="queue-page" aria-label="Queue">
                        <${QueuePanel} ...${queuedFor(fleet, filter)} now=${now} />
                      </main>`
                    : html`<${FleetPage} fleet=${fleet} filter=${filter} onFilter=${setFilter} now=${now} />`
    }
  </div>`;
}
