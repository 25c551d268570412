import type { AoContext } from "../context.js";
import { closeStore, openStore, type SpawnWait } from "../store/index.js";
import { liveWaits } from "./spawn-line.js";

/** The spawns waiting to start, first come first (`ao status`, the dashboard): a read, gone ones dropped. */
export function waitingSpawns(ctx: AoContext): SpawnWait[] {
  const store = openStore(ctx);
  try {
    return liveWaits(store);
  } finally {
    closeStore(store);
  }
}
