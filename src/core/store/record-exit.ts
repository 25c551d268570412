import { toJsonColumn } from "./json-column.js";
import type { AgentExit } from "./session-row.js";
import { statement, type WriteTx } from "./store.js";

/**
 * Keeps why a session's agent ended, the first time anyone sees it (`ao status`, a lifecycle
 * cycle): a second sighting, by the same process or another, leaves the first one as it is. Not an
 * event: what the agent printed is the session's own state, shown with it; the lifecycle's
 * `lifecycle.exited` event records that it ended. Returns false when the row had one already (or
 * is gone). A restore clears it (`updateSession` with `exit: null`).
 */
export function recordExit(tx: WriteTx, id: string, exit: Omit<AgentExit, "seenAt">): boolean {
  const seen: AgentExit = { exitCode: exit.exitCode, lastLines: [...exit.lastLines], seenAt: tx.clock.now() };
  const result = statement(
    tx,
    "UPDATE sessions SET exit_details = ? WHERE id = ? AND exit_details IS NULL",
  ).run(toJsonColumn(seen), id);
  return result.changes > 0;
}
