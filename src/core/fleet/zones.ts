/**
 * The fleet page's columns: what a session needs from a person, most urgent first. The order is
 * the ranking too: the worst zone with a card is the one the title and favicon show.
 */
export const ZONES = ["needs-you", "ready-to-merge", "in-review", "working", "done"] as const;
export type Zone = (typeof ZONES)[number];

/** How many cards each zone has, every zone present (0 when empty). */
export function countZones(zones: Iterable<Zone>): Record<Zone, number> {
  const counts = Object.fromEntries(ZONES.map((zone) => [zone, 0])) as Record<Zone, number>;
  for (const zone of zones) counts[zone] += 1;
  return counts;
}

/** The most urgent zone that has a card; undefined when there is none. */
export function worstZone(zones: Iterable<Zone>): Zone | undefined {
  let worst: number | undefined;
  for (const zone of zones) {
    const rank = ZONES.indexOf(zone);
    if (worst === undefined || rank < worst) worst = rank;
  }
  return worst === undefined ? undefined : ZONES[worst];
}

/** Orders cards by zone (most urgent first), then by the time given, newest first. */
export function byZoneThenNewest<T>(zoneOf: (item: T) => Zone, timeOf: (item: T) => number) {
  return (a: T, b: T): number => ZONES.indexOf(zoneOf(a)) - ZONES.indexOf(zoneOf(b)) || timeOf(b) - timeOf(a);
}
