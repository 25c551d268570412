import type { SpawnWait } from "../core/store/index.js";
import { formatAge } from "./age-text.js";
import { terminalCell } from "./terminal-text.js";

// The line of spawns waiting to start (admission, docs/sessions.md) as `ao status` and `ao queue`
// print it.

/** A waiting spawn in `--json`: times as ISO, how long it has waited. */
export function waitingJson(wait: SpawnWait, now: number) {
  const { pid: _pid, id: _id, since, ...rest } = wait;
  return { ...rest, since: new Date(since).toISOString(), waitedMs: Math.max(0, now - since) };
}

/** "2 spawns waiting to start, in this order:" and one line each with what it waits for. */
export function waitingNotes(waiting: readonly SpawnWait[], now: number): string[] {
  const count = waiting.length === 1 ? "1 spawn waits" : `${waiting.length} spawns wait`;
  return [
    "",
    `${count} to start, in this order:`,
    ...waiting.map(
      (wait, index) =>
        `  ${index + 1}. ${wait.project} (${wait.agent}) "${terminalCell(wait.task)}": ${terminalCell(wait.reason)} (for ${formatAge(now - wait.since)})`,
    ),
  ];
}
