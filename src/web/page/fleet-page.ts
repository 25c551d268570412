import { useState } from "preact/hooks";
import type { FleetView, PlanWaiting } from "../api/types.js";
import { agentsOf, filterCards, type FleetFilter } from "./fleet-filter.js";
import { groupFleet, shownCards, type FleetGroup } from "./fleet-groups.js";
import { FleetSection } from "./fleet-section.js";
import { FleetToolbar } from "./fleet-toolbar.js";
import { html } from "./html.js";
import { NewSession } from "./new-session.js";
import { QueuePanel } from "./queue-panel.js";
import { queuedFor } from "./queued-for.js";
import { ShortcutHelp } from "./shortcut-help.js";
import { useCollapsed } from "./use-collapsed.js";
import { useCardSelection } from "./use-card-selection.js";
import "./fleet-find.css";

interface FleetPageProps {
  fleet: FleetView;
  filter: FleetFilter;
  onFilter: (filter: FleetFilter) => void;
  now: number;
}

/** The plans waiting for approval that a section shows: all under "Needs you", else their project's. */
function plansOf(group: FleetGroup, plans: readonly PlanWaiting[]): readonly PlanWaiting[] {
  if (group.zone !== null) return group.zone === "needs-you" ? plans : [];
  return plans.filter((plan) => group.key === `project:${plan.project}`);
}

/** The ids of the cards on screen, in reading order (section by section): what j/k walk. */
function shownIds(
  groups: FleetGroup[],
  collapsed: ReadonlySet<string>,
  expanded: ReadonlySet<string>,
): string[] {
  return groups.flatMap((group) =>
    shownCards(group, { collapsed: collapsed.has(group.key), expanded: expanded.has(group.key) }).shown.map(
      (card) => card.id,
    ),
  );
}

/**
 * Every session grouped by what it needs from a person (most urgent column first) or by project,
 * narrowed by the filter in the address bar; long sections show their first cards and "Show all",
 * folded ones only their heading. The stream keeps pushing the whole fleet (the title counts it all).
 */
export function FleetPage({ fleet, filter, onFilter, now }: FleetPageProps) {
  const cards = filterCards(fleet.cards, filter);
  const groups = groupFleet(
    cards,
    filter.group,
    fleet.projects.map((project) => project.id),
  );
  const plans = (fleet.plansWaiting ?? []).filter(
    (plan) => filter.project === "" || plan.project === filter.project,
  );
  const [collapsed, toggle] = useCollapsed();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [help, setHelp] = useState(false);
  const ids = shownIds(groups, collapsed, expanded);
  const queued = queuedFor(fleet, filter);
  const { selected, select, searchRef, onFocusIn } = useCardSelection({
    ids,
    filter,
    onFilter,
    onHelp: () => setHelp(true),
  });
  return html`<main class="fleet">
    <${FleetToolbar}
      filter=${filter}
      onChange=${onFilter}
      agents=${agentsOf(fleet.cards)}
      shown=${cards.length}
      total=${fleet.cards.length}
      searchRef=${searchRef}
      onHelp=${() => setHelp(true)}
      onSearchDone=${() => select(ids[0] ?? null)}
    />
    ${
      queued.queues.some((queue) => queue.entries.length > 0) || queued.spawns.length > 0
        ? html`<${QueuePanel} ...${queued} now=${now} />`
        : null
    }
    <div class=${filter.group === "zone" ? "zones" : "projects"} onFocusIn=${onFocusIn}>
      ${groups.map(
        (group) =>
          html`<${FleetSection}
            key=${group.key}
            group=${group}
            plans=${plansOf(group, plans)}
            collapsed=${collapsed.has(group.key)}
            expanded=${expanded.has(group.key)}
            selected=${selected}
            now=${now}
            onToggle=${toggle}
            onShowAll=${(key: string) => setExpanded(new Set([...expanded, key]))}
          />`,
      )}
    </div>
    <${NewSession} projects=${fleet.projects} preferred=${filter.project} cards=${fleet.cards} />
    <${ShortcutHelp} open=${help} onClose=${() => setHelp(false)} />
  </main>`;
}
