import { useRef, useState } from "preact/hooks";
import type { FleetView } from "../api/types.js";
import { agentsOf, filterCards, type FleetFilter } from "./fleet-filter.js";
import { groupFleet, shownCards, type FleetGroup } from "./fleet-groups.js";
import { FleetSection } from "./fleet-section.js";
import { FleetToolbar } from "./fleet-toolbar.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { moveSelection, type ShortcutAction } from "./keyboard-shortcuts.js";
import { NewSession } from "./new-session.js";
import { ShortcutHelp } from "./shortcut-help.js";
import { useCollapsed } from "./use-collapsed.js";
import { useFleetKeys } from "./use-fleet-keys.js";
import "./fleet-find.css";

interface FleetPageProps {
  fleet: FleetView;
  filter: FleetFilter;
  onFilter: (filter: FleetFilter) => void;
  now: number;
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

/** Moves keyboard focus to a card's link (the browser scrolls it into view and shows the ring). */
function focusCard(id: string): void {
  document.querySelector<HTMLElement>(`article[aria-label="${CSS.escape(id)}"] a.card-id`)?.focus();
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
  const [collapsed, toggle] = useCollapsed();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const ids = shownIds(groups, collapsed, expanded);
  const select = (id: string | null): void => {
    setSelected(id);
    if (id !== null) focusCard(id);
  };
  const shortcuts: Record<ShortcutAction, () => void> = {
    search: () => {
      search.current?.focus();
      search.current?.select();
    },
    next: () => select(moveSelection(ids, selected, 1)),
    previous: () => select(moveSelection(ids, selected, -1)),
    open: () => {
      if (selected !== null && ids.includes(selected))
        location.hash = routeHref({ page: "session", id: selected });
    },
    help: () => setHelp(true),
    escape: () => {
      if (filter.text !== "") onFilter({ ...filter, text: "" });
      setSelected(null);
    },
  };
  useFleetKeys((action) => shortcuts[action]());
  const onFocusIn = (event: FocusEvent): void => {
    const card = (event.target as Element).closest("article[aria-label]");
    if (card !== null) setSelected(card.getAttribute("aria-label"));
  };
  return html`<main class="fleet">
    <${FleetToolbar}
      filter=${filter}
      onChange=${onFilter}
      agents=${agentsOf(fleet.cards)}
      shown=${cards.length}
      total=${fleet.cards.length}
      searchRef=${search}
      onHelp=${() => setHelp(true)}
      onSearchDone=${() => select(ids[0] ?? null)}
    />
    <div class=${filter.group === "zone" ? "zones" : "projects"} onFocusIn=${onFocusIn}>
      ${groups.map(
        (group) =>
          html`<${FleetSection}
            key=${group.key}
            group=${group}
            collapsed=${collapsed.has(group.key)}
            expanded=${expanded.has(group.key)}
            selected=${selected}
            now=${now}
            onToggle=${toggle}
            onShowAll=${(key: string) => setExpanded(new Set([...expanded, key]))}
          />`,
      )}
    </div>
    <${NewSession} projects=${fleet.projects} preferred=${filter.project} />
    <${ShortcutHelp} open=${help} onClose=${() => setHelp(false)} />
  </main>`;
}
