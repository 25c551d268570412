import type { PlanWaiting } from "../api/types.js";
import { html } from "./html.js";
import { shownCards, type FleetGroup } from "./fleet-groups.js";
import { PlanWaitingCard } from "./plan-waiting-card.js";
import { SessionCard } from "./session-card.js";

interface SectionProps {
  group: FleetGroup;
  /** Proposed plans waiting for a person, shown first (under "Needs you", or in their project). */
  plans: readonly PlanWaiting[];
  collapsed: boolean;
  expanded: boolean;
  selected: string | null;
  now: number;
  onToggle: (key: string) => void;
  onShowAll: (key: string) => void;
}

/** A section's DOM id, for `aria-controls` (keys hold `:` and project names: kept to safe characters). */
export function sectionId(key: string): string {
  return `section-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/**
 * One fleet section (a zone or a project): a heading whose button folds it (`aria-expanded`), its
 * first cards and, past the limit, "Show all N" — so 200 sessions are a page, not 31,800 px. The
 * selected card (j/k) is marked `aria-current` and outlined.
 */
export function FleetSection({
  group,
  plans,
  collapsed,
  expanded,
  selected,
  now,
  onToggle,
  onShowAll,
}: SectionProps) {
  const { shown, hidden } = shownCards(group, { collapsed, expanded });
  const id = sectionId(group.key);
  const kind = group.zone === null ? "project" : `zone zone-${group.zone}`;
  return html`<section class=${`${kind}${collapsed ? " collapsed" : ""}`} aria-label=${group.title}>
    <h2>
      <button
        type="button"
        class="fold"
        aria-expanded=${collapsed ? "false" : "true"}
        aria-controls=${id}
        onClick=${() => onToggle(group.key)}
      >
        ${group.title} <span class="count">${group.cards.length + plans.length}</span>
      </button>
    </h2>
    <div id=${id} class="section-cards" hidden=${collapsed}>
      ${plans.map((plan) => html`<${PlanWaitingCard} key=${plan.id} plan=${plan} now=${now} />`)}
      ${group.cards.length + plans.length === 0 && html`<p class="empty">Nothing here.</p>`}
      ${shown.map(
        (card) =>
          html`<div
            key=${card.id}
            class=${card.id === selected ? "card-slot selected" : "card-slot"}
            aria-current=${card.id === selected ? "true" : undefined}
          >
            <${SessionCard} card=${card} now=${now} />
          </div>`,
      )}
      ${
        hidden > 0 &&
        !collapsed &&
        html`<button type="button" class="show-all" onClick=${() => onShowAll(group.key)}>
          Show all ${group.cards.length} (${hidden} more)
        </button>`
      }
    </div>
  </section>`;
}
