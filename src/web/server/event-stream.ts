import type { ServerResponse } from "node:http";
import { HttpRefusal, type RouteRequest } from "../../core/http/index.js";
import type { StoredEvent } from "../../core/store/index.js";
import { fleetChannel } from "./fleet-channel.js";
import type { FleetSource } from "./read-fleet.js";
import { eventEntry } from "./read-session-detail.js";
import { eventsAfter, type FeedBatch, type StoreFeed } from "./store-feed.js";

export interface EventStreamOptions {
  /**
   * How often a stream gets its keep-alive: a patch with the last cycle when only that changed,
   * else a `: ping` comment. Default 30 s.
   */
  readonly heartbeatMs?: number;
  /** Past this many bytes waiting to be sent, a stream is closed (its page reconnects and resumes). */
  readonly maxBufferedBytes?: number;
}

/**
 * `GET /events` (docs/dashboard.md, "Live data"): replays every store event after `Last-Event-ID`
 * (or `?since=`), then the fleet's snapshot (none when `X-Fleet-Version` names the current one),
 * then follows the shared feed with the fleet's changes only. A stream that cannot keep up is
 * closed rather than buffered without bound: its page resumes from the last id it got.
 */
export function eventStreamHandler(source: FleetSource, feed: StoreFeed, options: EventStreamOptions = {}) {
  return (request: RouteRequest): undefined => {
    const since = sinceOf(request);
    const pageVersion = versionOf(request);
    const { response } = request.raw;
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    const fleet = fleetChannel(request.query.get("project") ?? undefined);
    let sent = since ?? 0;
    const eventsOf = (events: readonly StoredEvent[]) => {
      const fresh = events.filter((event) => event.id > sent);
      sent = fresh.at(-1)?.id ?? sent;
      return fresh.map(eventMessage).join("");
    };
    const follower = feed.subscribe((batch: FeedBatch) => {
      const text = eventsOf(batch.events) + fleet.next(batch);
      if (text !== "") write(response, text, options);
    });
    const replay = since === undefined ? [] : eventsAfter(source, since, follower.position);
    const first = eventsOf(replay) + fleet.open(feed.versioned(), pageVersion);
    write(response, first, options);
    sent = Math.max(sent, follower.position);
    const heartbeat = setInterval(
      () => write(response, fleet.next(feed.versioned(), true) || ": ping\n\n", options),
      options.heartbeatMs ?? 30_000,
    );
    heartbeat.unref();
    response.on("close", () => {
      clearInterval(heartbeat);
      follower.unsubscribe();
    });
    return undefined;
  };
}

function sinceOf(request: RouteRequest): number | undefined {
  const header = request.headers["last-event-id"];
  const given = (Array.isArray(header) ? header[0] : header) ?? request.query.get("since") ?? undefined;
  if (given === undefined || given === "") return undefined;
  if (!/^\d{1,15}$/.test(given)) throw new HttpRefusal(400, "Last-Event-ID (or since) must be an event id");
  return Number(given);
}

function eventMessage(event: StoredEvent): string {
  return `id: ${event.id}\nevent: event\ndata: ${JSON.stringify(eventEntry(event))}\n\n`;
}

/** The fleet version the page holds (`X-Fleet-Version` or `?version=`), if it says one. */
function versionOf(request: RouteRequest): string | undefined {
  const header = request.headers["x-fleet-version"];
  const given = (Array.isArray(header) ? header[0] : header) ?? request.query.get("version") ?? undefined;
  if (given === undefined || given === "") return undefined;
  if (!/^[0-9a-f]{8}\.\d{1,15}$/.test(given))
    throw new HttpRefusal(400, "X-Fleet-Version (or version) must be a version a fleet message gave");
  return given;
}

function write(response: ServerResponse, text: string, options: EventStreamOptions): void {
  if (response.destroyed || response.writableEnded) return;
  if (response.writableLength > (options.maxBufferedBytes ?? 4 * 1024 * 1024)) {
    response.destroy();
    return;
  }
  response.write(text);
}
