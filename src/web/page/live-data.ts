import type { EventEntry, FleetPatch, FleetSnapshot, FleetView } from "../api/types.js";
import { getJson } from "./api.js";
import { applyFleetPatch } from "./fleet-patch.js";
import { openLiveStream, type LiveStream, type StreamStatus } from "./live-stream.js";

/** What every page component reads: the fleet as last pushed, and how the stream is doing. */
export interface LiveState {
  fleet: FleetView | null;
  status: StreamStatus;
  /** The last time the stream dropped and came back (the banner says it caught up). */
  reconnectedAt: number | null;
}

/**
 * The page's one connection to the server: the fleet is fetched once, then kept current by the
 * stream: a `fleet` snapshot on connect, then `fleet-patch` messages with what changed (the page
 * never re-lists on a timer). A patch that does not start from the version the page holds (it
 * missed one) makes it reconnect without a version: the server answers with a snapshot. Store
 * events go to whoever listens (the open session page refreshes itself).
 */
export class LiveData {
  private state: LiveState = { fleet: null, status: "connecting", reconnectedAt: null };
  private readonly stateListeners = new Set<(state: LiveState) => void>();
  private readonly eventListeners = new Set<(event: EventEntry) => void>();
  private stream: LiveStream | undefined;
  private wasDown = false;
  /** The fleet version the page holds; null until a snapshot came, and while it resyncs. */
  private version: string | null = null;

  current(): LiveState {
    return this.state;
  }

  onState(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onEvent(listener: (event: EventEntry) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  async start(): Promise<void> {
    try {
      const fleet = await getJson<FleetView>("/api/fleet");
      this.set({ fleet });
      this.connect(String(fleet.lastEventId));
    } catch (error) {
      if ((error as { status?: number }).status === 401) this.set({ status: "unauthorized" });
      else this.connect(null);
    }
  }

  close(): void {
    this.stream?.close();
  }

  /** Starts over, e.g. once the person logged in after the page said it was not. */
  async restart(): Promise<void> {
    this.close();
    this.wasDown = false;
    this.set({ status: "connecting" });
    await this.start();
  }

  private connect(lastEventId: string | null): void {
    this.stream = openLiveStream({
      url: "/events",
      lastEventId,
      fleetVersion: () => this.version,
      onStatus: (status) => this.status(status),
      onMessage: (message) => {
        if (message.event === "fleet") this.snapshot(JSON.parse(message.data) as FleetSnapshot);
        else if (message.event === "fleet-patch") this.patch(JSON.parse(message.data) as FleetPatch);
        else if (message.event === "event") {
          const entry = JSON.parse(message.data) as EventEntry;
          for (const listener of this.eventListeners) listener(entry);
        }
      },
    });
  }

  private snapshot(snapshot: FleetSnapshot): void {
    const { version, ...fleet } = snapshot;
    this.version = version;
    this.set({ fleet });
  }

  /** Applies a patch to the version it names; any other (a gap) resyncs, once. */
  private patch(patch: FleetPatch): void {
    const { fleet } = this.state;
    if (this.version === null) return;
    if (fleet === null || patch.base !== this.version) {
      this.version = null;
      this.stream?.reconnect();
      return;
    }
    this.version = patch.version;
    this.set({ fleet: applyFleetPatch(fleet, patch) });
  }

  private status(status: StreamStatus): void {
    if (status === "reconnecting") this.wasDown = true;
    if (status === "live" && this.wasDown) {
      this.wasDown = false;
      this.set({ status, reconnectedAt: Date.now() });
    } else this.set({ status });
  }

  private set(patch: Partial<LiveState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.stateListeners) listener(this.state);
  }
}
