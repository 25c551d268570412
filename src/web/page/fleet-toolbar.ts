import type { Ref } from "preact";
import { ZONES } from "../api/types.js";
import type { FleetFilter, FleetGrouping } from "./fleet-filter.js";
import { html } from "./html.js";
import { ZONE_TITLES } from "./zones.js";

interface ToolbarProps {
  filter: FleetFilter;
  onChange: (filter: FleetFilter) => void;
  agents: string[];
  shown: number;
  total: number;
  searchRef: Ref<HTMLInputElement>;
  onHelp: () => void;
  /** Enter in the search box: leave it for the first matching card. */
  onSearchDone: () => void;
}

const valueOf = (event: Event): string => (event.target as HTMLInputElement | HTMLSelectElement).value;

/**
 * The fleet page's search and filters (the project filter stays in the page's header): free text,
 * zone, agent, grouping, how many of the fleet's cards pass, and the shortcuts' help. In the
 * search box Enter keeps the text and selects the first match (then `j`/`k`, Enter open), Escape
 * clears it; both leave the box so the shortcuts work at once.
 */
export function FleetToolbar(props: ToolbarProps) {
  const { filter, onChange, agents, shown, total, searchRef, onHelp, onSearchDone } = props;
  const set = (patch: Partial<FleetFilter>): void => onChange({ ...filter, ...patch });
  const onSearchKey = (event: KeyboardEvent): void => {
    if (event.key !== "Escape" && event.key !== "Enter") return;
    event.preventDefault();
    (event.target as HTMLInputElement).blur();
    if (event.key === "Escape") set({ text: "" });
    else onSearchDone();
  };
  return html`<div class="fleet-toolbar" role="search" aria-label="Find sessions">
    <label class="filter search"
      >Search
      <input
        ref=${searchRef}
        type="search"
        placeholder="id, branch, issue, title…  ( / )"
        value=${filter.text}
        onInput=${(event: Event) => set({ text: valueOf(event) })}
        onKeyDown=${onSearchKey}
      />
    </label>
    <label class="filter"
      >Zone
      <select
        value=${filter.zone}
        onChange=${(event: Event) => set({ zone: valueOf(event) as FleetFilter["zone"] })}
      >
        <option value="">all</option>
        ${ZONES.map((zone) => html`<option value=${zone}>${ZONE_TITLES[zone]}</option>`)}
      </select>
    </label>
    <label class="filter"
      >Agent
      <select value=${filter.agent} onChange=${(event: Event) => set({ agent: valueOf(event) })}>
        <option value="">all</option>
        ${agents.map((agent) => html`<option value=${agent}>${agent}</option>`)}
      </select>
    </label>
    <label class="filter"
      >Group by
      <select
        value=${filter.group}
        onChange=${(event: Event) => set({ group: valueOf(event) as FleetGrouping })}
      >
        <option value="zone">zone</option>
        <option value="project">project</option>
      </select>
    </label>
    <span class="match-count" role="status"
      >${shown === total ? sessionCount(total) : `${shown} of ${sessionCount(total)}`}</span
    >
    <button type="button" class="help-button" aria-keyshortcuts="?" onClick=${onHelp}>
      Keyboard shortcuts (?)
    </button>
  </div>`;
}

/** "1 session", "200 sessions". */
function sessionCount(count: number): string {
  return count === 1 ? "1 session" : `${count} sessions`;
}
