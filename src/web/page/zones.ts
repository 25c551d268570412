import { ZONES, type FleetCard, type Zone } from "../api/types.js";

/**
 * The fleet page's columns and their headings. The server decides each card's zone (it knows
 * escalations and the event that put the card there); the page only groups and names them.
 */
export const ZONE_TITLES: Record<Zone, string> = {
  "needs-you": "Needs you",
  "ready-to-merge": "Ready to merge",
  "in-review": "In review · CI",
  working: "Working",
  done: "Done",
};

/** Cards per zone, in the server's order within each zone. */
export function groupByZone(cards: readonly FleetCard[]): Record<Zone, FleetCard[]> {
  const groups = Object.fromEntries(ZONES.map((zone) => [zone, [] as FleetCard[]])) as Record<
    Zone,
    FleetCard[]
  >;
  for (const card of cards) groups[card.zone].push(card);
  return groups;
}

const WORST_COLOURS: Record<Zone, string> = {
  "needs-you": "#d23f31",
  "ready-to-merge": "#2e8540",
  "in-review": "#c98a00",
  working: "#2f6fd6",
  done: "#8a8f98",
};

/** The tab's title: how many sessions need the person, then the worst zone's name. */
export function fleetTitle(counts: Record<Zone, number>, worst: Zone | null): string {
  if (worst === null) return "ao · no sessions";
  const needs = counts["needs-you"];
  const prefix = needs > 0 ? `(${needs}) ` : "";
  return `${prefix}ao · ${ZONE_TITLES[worst].toLowerCase()}`;
}

/** A round favicon in the worst zone's colour, as a data: URL (nothing is fetched). */
export function faviconHref(worst: Zone | null): string {
  const colour = worst === null ? "#8a8f98" : WORST_COLOURS[worst];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
