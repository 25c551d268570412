import type { FleetCard, FleetPatch, FleetView } from "../api/types.js";

/**
 * The fleet after `patch` (docs/dashboard.md, "Live data"): a new last cycle first moves the cards
 * that cycle observed (their `observedAt` was the previous cycle's time), then the cards that came
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
  };
}

/** A card the new cycle observed carries that cycle's time. */
function cycled(card: FleetCard, view: FleetView, patch: FleetPatch): FleetCard {
  const before = view.lastCycle?.at;
  const after = patch.lastCycle?.at;
  if (after === undefined || before === undefined || card.observedAt !== before) return card;
  return { ...card, observedAt: after };
}

/** `dataAgeMs` as of the patch, as the server computes it (`generatedAt - observedAt`). */
function aged(card: FleetCard, at: number): FleetCard {
  if (card.observedAt === null) return card;
  const dataAgeMs = Math.max(0, at - Date.parse(card.observedAt));
  return dataAgeMs === card.dataAgeMs ? card : { ...card, dataAgeMs };
}
