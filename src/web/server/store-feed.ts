import { randomUUID } from "node:crypto";
import { readLastCycle } from "../../core/daemon-state/index.js";
import { lastEventId, listEvents, type StoredEvent } from "../../core/store/index.js";
import type { FleetView } from "../api/types.js";
import { diffFleet, hasChanges } from "./fleet-diff.js";
import { spawnWaitsStamp } from "./fleet-queues.js";
import { readFleet, type FleetSource } from "./read-fleet.js";

/** What every follower gets after a burst of store changes: the new events, then the fleet once. */
export interface FeedBatch extends VersionedFleet {
  readonly events: readonly StoredEvent[];
}

/**
 * A fleet and its version (`<epoch>.<n>`): a new n each time what a page shows changed (a cycle
 * that only ran again keeps it), a new epoch per feed (each daemon start).
 */
export interface VersionedFleet {
  readonly fleet: FleetView;
  readonly version: string;
}

export interface StoreFeed {
  /**
   * Follows the store from now on; returns the id the feed has delivered up to (what a stream
   * replays until before the listener's batches take over) and a function that stops following.
   */
  subscribe(listener: (batch: FeedBatch) => void): { position: number; unsubscribe(): void };
  /** The fleet as of now, recomputed only when the store changed since the last time. */
  fleet(): FleetView;
  /** The same, with its version. */
  versioned(): VersionedFleet;
}

export interface StoreFeedOptions {
  readonly now: () => number;
  /** How often the one reader looks for new events (only while someone follows). Default 100 ms. */
  readonly pollMs?: number;
  /** How long a burst is gathered before it is sent. Default 50 ms. */
  readonly coalesceMs?: number;
  /**
   * A look or a batch that failed (a row the store cannot read, a locked database): the feed runs
   * in timers of the daemon, so it reports here and tries again at the next change, never throws.
   */
  readonly onError?: (error: unknown) => void;
}

const PAGE = 1000;

/**
 * The one reader of the store for all dashboard streams (docs/dashboard.md, "Live data"): while
 * anyone follows, it asks the store every `pollMs` for its newest event id and last cycle time (two
 * indexed reads, whatever the number of streams), gathers a burst for `coalesceMs`, reads the new
 * events once, recomputes the fleet once, and hands the same batch to every follower. The daemon's
 * own writes and other processes' (`ao send`, `ao spawn`) are seen alike: they share the database.
 */
export function createStoreFeed(source: FleetSource, options: StoreFeedOptions): StoreFeed {
  const listeners = new Set<(batch: FeedBatch) => void>();
  let delivered = 0;
  let seen = "";
  let poll: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  let cached: { key: string; fleet: FleetView; version: string } | undefined;
  const epoch = randomUUID().slice(0, 8);
  let versions = 0;

  const stamp = () =>
    `${lastEventId(source.store)}:${readLastCycle(source.store)?.at ?? ""}:${source.extras?.version() ?? 0}:${spawnWaitsStamp(source.store)}`;
  const versioned = (): VersionedFleet => {
    const key = stamp();
    if (cached?.key === key) return cached;
    const fleet = readFleet(source, options.now());
    const moved = cached === undefined || hasChanges(diffFleet(cached.fleet, fleet));
    cached = { key, fleet, version: moved ? `${epoch}.${++versions}` : cached!.version };
    return cached;
  };
  const guarded = (step: () => void) => () => {
    try {
      step();
    } catch (error) {
      options.onError?.(error);
    }
  };
  const flush = guarded(() => {
    pending = undefined;
    const events = eventsAfter(source, delivered);
    const { fleet, version } = versioned();
    const batch = { events, fleet, version };
    delivered = events.at(-1)?.id ?? delivered;
    for (const listener of [...listeners]) listener(batch);
  });
  const check = guarded(() => {
    const now = stamp();
    if (now === seen || pending !== undefined) return;
    seen = now;
    pending = setTimeout(flush, options.coalesceMs ?? 50);
  });

  return {
    fleet: () => versioned().fleet,
    versioned,
    subscribe(listener) {
      if (listeners.size === 0) {
        delivered = lastEventId(source.store);
        seen = stamp();
        poll = setInterval(check, options.pollMs ?? 100);
        poll.unref();
      }
      listeners.add(listener);
      return {
        position: delivered,
        unsubscribe() {
          listeners.delete(listener);
          if (listeners.size > 0) return;
          clearInterval(poll);
          clearTimeout(pending);
          pending = undefined;
        },
      };
    },
  };
}

/** Every event after `id`, read in pages (a burst can be large: a cycle over many sessions). */
export function eventsAfter(
  source: FleetSource,
  id: number,
  until = Number.POSITIVE_INFINITY,
): StoredEvent[] {
  const events: StoredEvent[] = [];
  for (let after = id; ;) {
    const page = listEvents(source.store, { afterId: after, limit: PAGE });
    for (const event of page) if (event.id <= until) events.push(event);
    const last = page.at(-1)?.id;
    if (page.length < PAGE || last === undefined || last >= until) return events;
    after = last;
  }
}
