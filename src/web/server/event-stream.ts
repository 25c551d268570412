import type { ServerResponse } from "node:http";
import { HttpRefusal, type RouteRequest } from "../../core/http/index.js";
import type { StoredEvent } from "../../core/store/index.js";
import type { FleetView } from "../api/types.js";
import { filterFleet, type FleetSource } from "./read-fleet.js";
import { eventEntry } from "./read-session-detail.js";
import { eventsAfter, type FeedBatch, type StoreFeed } from "./store-feed.js";

export interface EventStreamOptions {
  /** How often an idle stream gets a `: ping` comment. Default 15 s. */
  readonly heartbeatMs?: number;
  /** Past this many bytes waiting to be sent, a stream is closed (its page reconnects and resumes). */
  readonly maxBufferedBytes?: number;
}

/**
 * `GET /events` (docs/dashboard.md, "Live data"): replays every store event after `Last-Event-ID`
 * (or `?since=`), then the fleet, then follows the shared feed. A stream that cannot keep up is
 * closed rather than buffered without bound: its page resumes from the last id it got.
 */
export function eventStreamHandler(source: FleetSource, feed: StoreFeed, options: EventStreamOptions = {}) {
  return (request: RouteRequest): undefined => {
    const since = sinceOf(request);
    const project = request.query.get("project") ?? undefined;
    const { response } = request.raw;
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    let sent = since ?? 0;
    const send = (events: readonly StoredEvent[], fleet: FleetView) => {
      const fresh = events.filter((event) => event.id > sent);
      sent = fresh.at(-1)?.id ?? sent;
      write(response, fresh.map(eventMessage).join("") + fleetMessage(filterFleet(fleet, project)), options);
    };
    const follower = feed.subscribe((batch: FeedBatch) => send(batch.events, batch.fleet));
    const replay = since === undefined ? [] : eventsAfter(source, since, follower.position);
    send(replay, feed.fleet());
    sent = Math.max(sent, follower.position);
    const heartbeat = setInterval(
      () => write(response, ": ping\n\n", options),
      options.heartbeatMs ?? 15_000,
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

function fleetMessage(view: FleetView): string {
  return `event: fleet\ndata: ${JSON.stringify(view)}\n\n`;
}

function write(response: ServerResponse, text: string, options: EventStreamOptions): void {
  if (response.destroyed || response.writableEnded) return;
  if (response.writableLength > (options.maxBufferedBytes ?? 4 * 1024 * 1024)) {
    response.destroy();
    return;
  }
  response.write(text);
}
