import { toJsonColumn } from "./json-column.js";
import type { JsonObject } from "./json-column.js";
import { statement, type WriteTx } from "./store.js";

/**
 * Keeps the runtime handle of an agent a spawn has just started, before the spawn's start-up
 * watch. Why: an `ao spawn` killed during the watch left a running agent whose handle was never
 * stored, and `ao session logs` then said it was never started. Not an event and not a spawn step:
 * the `runtime` step (with its event) is recorded once the watch is over, as before.
 */
export function recordRuntimeHandle(tx: WriteTx, id: string, handle: JsonObject): void {
  statement(tx, "UPDATE sessions SET runtime_handle = ? WHERE id = ?").run(toJsonColumn(handle), id);
}
