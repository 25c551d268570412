import type { FleetCard, FleetPatch, FleetView } from "../api/types.js";

/** What a patch says beyond the versions: absent fields did not change. */
export type FleetChanges = Omit<FleetPatch, "base" | "version" | "generatedAt" | "lastEventId">;

/** A card without what moves with time alone (its data age), as JSON: shared by every stream. */
const cardTexts = new WeakMap<FleetCard, string>();

function cardText(card: FleetCard): string {
  let text = cardTexts.get(card);
  if (text === undefined) {
    const { dataAgeMs: _age, observedAt: _observed, ...rest } = card;
    text = JSON.stringify(rest);
    cardTexts.set(card, text);
  }
  return text;
}

/**
 * A card as the page holds it: its `observedAt` is "the cycle" when it is the view's last cycle
 * time (the page moves those along with each new cycle), else the time itself.
 */
function cardKey(card: FleetCard, cycleAt: string | undefined): string {
  const observed = card.observedAt !== null && card.observedAt === cycleAt ? "cycle" : card.observedAt;
  return `${observed ?? ""}|${cardText(card)}`;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the last cycle changed in a way worth a message of its own: it appeared, or it failed or
 * recovered. A cycle that only ran again (a new time) waits for the next message or keep-alive.
 */
function cycleNews(before: FleetView["lastCycle"], after: FleetView["lastCycle"]): boolean {
  if (before === null || after === null) return before !== after;
  return before.failed !== after.failed;
}

/**
 * What changed from the view a page holds (`before`) to `after` (docs/dashboard.md, "Live data"):
 * cards added or changed (whole), removed ids, the order when it moved, and the fleet's counters
 * and lists when they changed. Empty when nothing a page shows changed, except the time of the
 * last cycle, which is only included with `withCycle` (a keep-alive) or beside other changes.
 */
export function diffFleet(before: FleetView, after: FleetView, withCycle = false): FleetChanges {
  const changes: FleetChanges = {};
  const cyclesBefore = before.lastCycle?.at;
  const cyclesAfter = after.lastCycle?.at;
  const held = new Map(before.cards.map((card) => [card.id, cardKey(card, cyclesBefore)]));
  const changed = after.cards.filter((card) => held.get(card.id) !== cardKey(card, cyclesAfter));
  if (changed.length > 0) changes.cards = changed;
  const shown = new Set(after.cards.map((card) => card.id));
  const removed = before.cards.filter((card) => !shown.has(card.id)).map((card) => card.id);
  if (removed.length > 0) changes.removed = removed;
  const order = after.cards.map((card) => card.id);
  if (
    !same(
      order,
      before.cards.map((card) => card.id),
    )
  )
    changes.order = order;
  if (!same(before.counts, after.counts)) changes.counts = after.counts;
  if (before.worst !== after.worst) changes.worst = after.worst;
  if (!same(before.plansWaiting, after.plansWaiting)) changes.plansWaiting = after.plansWaiting;
  if (!same(before.projects, after.projects)) changes.projects = after.projects;
  const news = cycleNews(before.lastCycle, after.lastCycle);
  const anything = Object.keys(changes).length > 0 || news || withCycle;
  if (anything && !same(before.lastCycle, after.lastCycle)) changes.lastCycle = after.lastCycle;
  return changes;
}

/** Whether a patch would tell the page anything. */
export const hasChanges = (changes: FleetChanges): boolean => Object.keys(changes).length > 0;
