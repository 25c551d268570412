import type { FleetPatch, FleetSnapshot, FleetView } from "../api/types.js";
import { diffFleet, hasChanges, type FleetChanges } from "./fleet-diff.js";
import { filterFleet } from "./read-fleet.js";
import type { VersionedFleet } from "./store-feed.js";

/** One stream's side of the fleet: what its page holds, and the message that brings it up to date. */
export interface FleetChannel {
  /**
   * The first message: the snapshot, or when the page already holds `pageVersion`, a patch with
   * only the last cycle (the version names what the page shows, not when the daemon last looked).
   */
  open(current: VersionedFleet, pageVersion: string | undefined): string;
  /**
   * The patch from what the page holds to `current`, or "" when nothing it shows changed. With
   * `withCycle` (the keep-alive) a last cycle that only ran again counts as a change.
   */
  next(current: VersionedFleet, withCycle?: boolean): string;
}

interface Held {
  readonly fleet: FleetView;
  readonly version: string;
}

/**
 * Change-only fleet messages for one stream (docs/dashboard.md, "Live data"): a snapshot once,
 * then patches against the view the page holds, each naming the version it applies to. The diff
 * of a card is its JSON, computed once per fleet read for all streams (fleet-diff.ts).
 */
export function fleetChannel(project: string | undefined): FleetChannel {
  let held: Held | undefined;
  const view = (current: VersionedFleet): Held => ({
    fleet: filterFleet(current.fleet, project),
    version: current.version,
  });
  return {
    open(current, pageVersion) {
      held = view(current);
      if (pageVersion !== current.version) return snapshotMessage({ ...held.fleet, version: held.version });
      return patchMessage(held, held, { lastCycle: held.fleet.lastCycle });
    },
    next(current, withCycle = false) {
      if (held === undefined) return this.open(current, undefined);
      if (held.version === current.version && !withCycle) return "";
      const after = view(current);
      const changes = diffFleet(held.fleet, after.fleet, withCycle);
      if (!hasChanges(changes)) return "";
      const message = patchMessage(held, after, changes);
      held = after;
      return message;
    },
  };
}

function patchMessage(before: Held, after: Held, changes: FleetChanges): string {
  const patch: FleetPatch = {
    base: before.version,
    version: after.version,
    generatedAt: after.fleet.generatedAt,
    lastEventId: after.fleet.lastEventId,
    ...changes,
  };
  return `event: fleet-patch\ndata: ${JSON.stringify(patch)}\n\n`;
}

export function snapshotMessage(snapshot: FleetSnapshot): string {
  return `event: fleet\ndata: ${JSON.stringify(snapshot)}\n\n`;
}
