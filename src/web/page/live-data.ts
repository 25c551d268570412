import type { EventEntry, FleetView } from "../api/types.js";
import { getJson } from "./api.js";
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
 * stream's `fleet` messages (the server pushes after each burst of store events; the page never
 * re-lists on a timer). Store events go to whoever listens (the open session page refreshes itself).
 */
export class LiveData {
  private state: LiveState = { fleet: null, status: "connecting", reconnectedAt: null };
  private readonly stateListeners = new Set<(state: LiveState) => void>();
  private readonly eventListeners = new Set<(event: EventEntry) => void>();
  private stream: LiveStream | undefined;
  private wasDown = false;

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
      onStatus: (status) => this.status(status),
      onMessage: (message) => {
        if (message.event === "fleet") this.set({ fleet: JSON.parse(message.data) as FleetView });
        else if (message.event === "event") {
          const entry = JSON.parse(message.data) as EventEntry;
          for (const listener of this.eventListeners) listener(entry);
        }
      },
    });
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
