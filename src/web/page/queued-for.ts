import type { FleetView, MergeQueueBrief, SpawnWaitBrief } from "../api/types.js";
import type { FleetFilter } from "./fleet-filter.js";

/** The merge queues and waiting spawns of the project the filter shows (all without one). */
export function queuedFor(
  fleet: FleetView,
  filter: Pick<FleetFilter, "project">,
): { queues: MergeQueueBrief[]; spawns: SpawnWaitBrief[] } {
  const mine = (project: string) => filter.project === "" || project === filter.project;
  return {
    queues: (fleet.mergeQueues ?? []).filter((queue) => mine(queue.project)),
    spawns: (fleet.spawnsWaiting ?? []).filter((wait) => mine(wait.project)),
  };
}

/** How many sessions are in a merge queue and spawns wait to start: the header's "Queue (3)". */
export function queueCount(fleet: FleetView, filter: Pick<FleetFilter, "project">): number {
  const { queues, spawns } = queuedFor(fleet, filter);
  return queues.reduce((sum, queue) => sum + queue.entries.length, 0) + spawns.length;
}
