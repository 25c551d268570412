import type { FleetCard, FleetPatch, FleetView } from "../api/types.js";

/**
 * The fleet after `patch` (docs/dashboard.md, "Live data"): a new last cycle first moves the read
 * times of what that cycle looked at again, then the cards that came
 * replace theirs, removed ones go, and `order` (when it came) orders them. Pure: the caller checks
 * that `patch.base` is the version it holds, and resyncs when it is not.
 */
export function applyFleetPatch(view: FleetView, patch: FleetPatch): FleetView {
  const byId = new Map(view.cards.map((card) => [card.id, cycled(card, view, patch)]));
  for (const card of patch.cards ?? []) byId.set(card.id, card);
  for (const id of patch.removed ?? []) byId.delete(id);
  const order = patch.order ?? view.cards.map((card) => card.id);
  const cards = order.flatMap((id) => byId.get(id) ?? []);
  const at = Date.parse(patch.generatedAt);
  return {
    generatedAt: patch.generatedAt,
    lastEventId: Math.max(view.lastEventId, patch.lastEventId),
    projects: patch.projects ?? view.projects,
    cards: cards.map((card) => aged(card, at)),
    counts: patch.counts ?? view.counts,
    worst: patch.worst === undefined ? view.worst : patch.worst,
    lastCycle: patch.lastCycle === undefined ? view.lastCycle : patch.lastCycle,
    plansWaiting: patch.plansWaiting ?? view.plansWaiting,
    mergeQueues: patch.mergeQueues ?? view.mergeQueues,
    spawnsWaiting: patch.spawnsWaiting ?? view.spawnsWaiting,
  };
}

/**
 * A card the new cycle looked at again carries that cycle's time: each read time (the card's, its
 * PR's, its cost's) at or after the previous cycle's start (fleet-diff.ts on the server says the same).
 */
function cycled(card: FleetCard, view: FleetView, patch: FleetPatch): FleetCard {
  const before = view.lastCycle?.at;
  const after = patch.lastCycle?.at;
  if (after === undefined || before === undefined) return card;
  const since = Date.parse(before);
  const moved = <T extends string | null>(at: T): T | string =>
    at !== null && Date.parse(at) >= since ? after : at;
  return {
    ...card,
    observedAt: moved(card.observedAt),
    pr: card.pr && { ...card.pr, observedAt: moved(card.pr.observedAt) },
    cost: card.cost && { ...card.cost, observedAt: moved(card.cost.observedAt) },
  };
}

/** `dataAgeMs` as of the patch, as the server computes it (`generatedAt - observedAt`). */
function aged(card: FleetCard, at: number): FleetCard {
  if (card.observedAt === null) return card;
  const dataAgeMs = Math.max(0, at - Date.parse(card.observedAt));
  return dataAgeMs === card.dataAgeMs ? card : { ...card, dataAgeMs };
}
