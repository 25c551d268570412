/**
 * The fleet page's columns, in the order a person should look at them: what needs them first, what
 * is finished last. `worstZone` of the visible sessions colours the tab's title and favicon.
 */
export const ZONES = ["needs_you", "ready_to_merge", "in_review", "working", "done"] as const;
export type Zone = (typeof ZONES)[number];

export const ZONE_TITLES: Record<Zone, string> = {
  needs_you: "Needs you",
  ready_to_merge: "Ready to merge",
  in_review: "In review · CI",
  working: "Working",
  done: "Done",
};

const BY_STATUS: Record<string, Zone> = {
  needs_input: "needs_you",
  stuck: "needs_you",
  errored: "needs_you",
  mergeable: "ready_to_merge",
  pr_open: "in_review",
  ci_failed: "in_review",
  review_pending: "in_review",
  changes_requested: "in_review",
  approved: "in_review",
  spawning: "working",
  working: "working",
  idle: "working",
  merged: "done",
  closed: "done",
  exited: "done",
  killed: "done",
};

/**
 * The column of a session: the server's own answer when it sends one (it knows escalations: changes
 * requested past the escalation time needs you), else the status's. An unknown status needs a person.
 */
export function zoneOf(session: { status: string; zone?: string | null }): Zone {
  const given = session.zone;
  if (given !== undefined && given !== null && (ZONES as readonly string[]).includes(given))
    return given as Zone;
  return BY_STATUS[session.status] ?? "needs_you";
}

/** The most urgent zone with a session in it; undefined for an empty fleet. */
export function worstZone(sessions: readonly { status: string; zone?: string | null }[]): Zone | undefined {
  let worst: number | undefined;
  for (const session of sessions) {
    const rank = ZONES.indexOf(zoneOf(session));
    if (worst === undefined || rank < worst) worst = rank;
  }
  return worst === undefined ? undefined : ZONES[worst];
}

/** Sessions per zone, each zone's list in the order given. */
export function groupByZone<T extends { status: string; zone?: string | null }>(
  sessions: readonly T[],
): Record<Zone, T[]> {
  const groups = Object.fromEntries(ZONES.map((zone) => [zone, [] as T[]])) as Record<Zone, T[]>;
  for (const session of sessions) groups[zoneOf(session)].push(session);
  return groups;
}
