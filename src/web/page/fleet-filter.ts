import { ZONES, type FleetCard, type Zone } from "../api/types.js";

/**
 * What the fleet page shows: a project, a zone, an agent, free text, and how cards are grouped.
 * It lives in the fragment's query (`#/?q=login&zone=needs-you`) so a filtered view can be bookmarked
 * and survives the login's token removal (`splitFragment` keeps every part but `token=`). Pure.
 */
export interface FleetFilter {
  /** Words that must all appear in the card's id, branch, title, issue, PR, agent or reason. */
  text: string;
  project: string;
  zone: Zone | "";
  agent: string;
  group: FleetGrouping;
}

/** Columns by zone (the default), or one section per project. */
export type FleetGrouping = "zone" | "project";

export const NO_FILTER: FleetFilter = { text: "", project: "", zone: "", agent: "", group: "zone" };

/** The filter in a fleet route's query (`q`, `project`, `zone`, `agent`, `group`); unknown values ignored. */
export function parseFleetFilter(query: string): FleetFilter {
  const params = new URLSearchParams(query);
  const zone = params.get("zone") ?? "";
  return {
    text: params.get("q") ?? "",
    project: params.get("project") ?? "",
    zone: (ZONES as readonly string[]).includes(zone) ? (zone as Zone) : "",
    agent: params.get("agent") ?? "",
    group: params.get("group") === "project" ? "project" : "zone",
  };
}

/** The query that `parseFleetFilter` reads back; empty for no filter (the route stays `/`). */
export function fleetFilterQuery(filter: FleetFilter): string {
  const params = new URLSearchParams();
  if (filter.text.trim() !== "") params.set("q", filter.text);
  if (filter.project !== "") params.set("project", filter.project);
  if (filter.zone !== "") params.set("zone", filter.zone);
  if (filter.agent !== "") params.set("agent", filter.agent);
  if (filter.group !== "zone") params.set("group", filter.group);
  return params.toString();
}

/** Everything a person may search a card by, lower-cased once. */
function haystack(card: FleetCard): string {
  const pr = card.pr === null ? [] : [`#${card.pr.number}`, card.pr.title ?? ""];
  return [
    card.id,
    card.branch,
    card.title ?? "",
    card.issue ?? "",
    card.project,
    card.agent,
    card.status.replace(/_/g, " "),
    card.why.summary,
    ...pr,
  ]
    .join("\n")
    .toLowerCase();
}

/** Whether the card passes every part of the filter (text: every word, anywhere, any case). */
export function matchesFilter(card: FleetCard, filter: FleetFilter): boolean {
  if (filter.project !== "" && card.project !== filter.project) return false;
  if (filter.zone !== "" && card.zone !== filter.zone) return false;
  if (filter.agent !== "" && card.agent !== filter.agent) return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = haystack(card);
  return words.every((word) => text.includes(word));
}

/** The cards the filter lets through, in the server's order. */
export function filterCards(cards: readonly FleetCard[], filter: FleetFilter): FleetCard[] {
  return cards.filter((card) => matchesFilter(card, filter));
}

/** The agents the fleet's cards run, sorted: the agent filter's choices. */
export function agentsOf(cards: readonly FleetCard[]): string[] {
  return [...new Set(cards.map((card) => card.agent))].sort();
}
