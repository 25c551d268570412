import type { FleetCard } from "../api/types.js";
import { ENDED } from "./action-offers.js";

/** "#12" and "12" name the same issue; the cards carry the tracker's id. */
const bare = (issue: string): string => issue.trim().replace(/^#/, "");

/**
 * The live sessions of `project` that already work on `issue`: "Start session" asks before it
 * starts another one beside them (the server refuses it too unless the page says it means it).
 */
export function liveSessionsOfIssue(
  cards: readonly FleetCard[],
  project: string,
  issue: string,
): FleetCard[] {
  const wanted = bare(issue);
  if (wanted === "") return [];
  return cards.filter(
    (card) =>
      card.project === project &&
      card.issue !== null &&
      bare(card.issue) === wanted &&
      !ENDED.has(card.status),
  );
}
