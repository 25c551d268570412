import { ZONES, type FleetCard } from "../api/types.js";
import type { FleetGrouping } from "./fleet-filter.js";
import { groupByZone, ZONE_TITLES } from "./zones.js";

/**
 * The fleet page's sections: the five zones (always all five, in urgency order) or one per project
 * (the configured ones first, then any other a card names). `key` names the section in the
 * collapsed set kept in localStorage (`zone:working`, `project:app`). Pure.
 */
export interface FleetGroup {
  key: string;
  title: string;
  /** A zone's class (its colour), or null for a project. */
  zone: FleetCard["zone"] | null;
  cards: FleetCard[];
}

export function groupFleet(
  cards: readonly FleetCard[],
  by: FleetGrouping,
  projects: readonly string[],
): FleetGroup[] {
  if (by === "zone") {
    const groups = groupByZone(cards);
    return ZONES.map((zone) => ({
      key: `zone:${zone}`,
      title: ZONE_TITLES[zone],
      zone,
      cards: groups[zone],
    }));
  }
  const names = [...new Set([...projects, ...cards.map((card) => card.project)])];
  return names.map((name) => ({
    key: `project:${name}`,
    title: name,
    zone: null,
    cards: cards.filter((card) => card.project === name),
  }));
}

/**
 * How many cards a section shows before "Show all": at 200 sessions a column of every card is
 * ~31,800 px (159 px a card); ten keep the tallest column within about two screens at 1440×900
 * (docs/dashboard.md, "Finding things at scale").
 */
export const SECTION_CARD_LIMIT = 10;

/** What a section shows: nothing when collapsed, the first `limit` unless expanded, else all. */
export function shownCards(
  group: FleetGroup,
  view: { collapsed: boolean; expanded: boolean; limit?: number },
): { shown: FleetCard[]; hidden: number } {
  if (view.collapsed) return { shown: [], hidden: group.cards.length };
  const limit = view.limit ?? SECTION_CARD_LIMIT;
  if (view.expanded || group.cards.length <= limit) return { shown: group.cards, hidden: 0 };
  return { shown: group.cards.slice(0, limit), hidden: group.cards.length - limit };
}
