import type { FleetCard, FleetPatch, FleetView } from "../api/types.js";

/** What a patch says beyond the versions: absent fields did not change. */
export type FleetChanges = Omit<FleetPatch, "base" | "version" | "generatedAt" | "lastEventId">;

/** A card without its read times (below) and its data age, as JSON: computed once for all streams. */
const cardTexts = new WeakMap<FleetCard, string>();

function cardText(card: FleetCard): string {
  let text = cardTexts.get(card);
  if (text === undefined) {
    const { dataAgeMs: _age, observedAt: _observed, pr, cost, ...rest } = card;
    const bare = {
      ...rest,
      pr: pr && { ...pr, observedAt: null },
      cost: cost && { ...cost, observedAt: "" },
    };
    text = JSON.stringify(bare);
    cardTexts.set(card, text);
  }
  return text;
}

/**
 * When ao last looked (the card's, its PR's and its cost's `observedAt`), as a page holds it: a
 * time at or after the view's last cycle is "the cycle" (the page moves those along with each new
 * cycle: fleet-patch.ts), an older one the time itself. Each cycle re-reads every live session;
 * only what it found is news.
 */
function readTime(at: string | null | undefined, cycleAt: string | undefined): string {
  if (at === null || at === undefined) return "";
  return cycleAt !== undefined && Date.parse(at) >= Date.parse(cycleAt) ? "cycle" : at;
}

function cardKey(card: FleetCard, cycleAt: string | undefined): string {
  const times = [card.observedAt, card.pr?.observedAt, card.cost?.observedAt];
  return `${times.map((at) => readTime(at, cycleAt)).join("|")}|${cardText(card)}`;
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
  if (!same(before.mergeQueues, after.mergeQueues)) changes.mergeQueues = after.mergeQueues;
  if (!same(before.spawnsWaiting, after.spawnsWaiting)) changes.spawnsWaiting = after.spawnsWaiting;
  const news = cycleNews(before.lastCycle, after.lastCycle);
  const anything = Object.keys(changes).length > 0 || news || withCycle;
  if (anything && !same(before.lastCycle, after.lastCycle)) changes.lastCycle = after.lastCycle;
  return changes;
}

/** Whether a patch would tell the page anything. */
export const hasChanges = (changes: FleetChanges): boolean => Object.keys(changes).length > 0;
