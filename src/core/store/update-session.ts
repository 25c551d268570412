import { AoError } from "../errors.js";
import { appendEvent, type NewEvent } from "./events.js";
import { isPatchableField, PATCH_COLUMNS, toColumnValue, toSession } from "./session-row.js";
import type { Session, SessionPatch, SessionRow } from "./session-row.js";
import { isTerminalStatus } from "./session-status.js";
import { checkedStatus, requireSession } from "./sessions.js";
import { statement, type WriteTx } from "./store.js";

/**
 * Applies `patch` to a session and appends `event` in the same transaction: there is no way to
 * change a session without recording why. `ended_at` follows the status: set when the session
 * enters a terminal status, cleared when it leaves one (a restore). `status_since` moves to now
 * when the status changes, unless the patch sets it.
 */
export function updateSession(tx: WriteTx, id: string, patch: SessionPatch, event: NewEvent): Session {
  const before = requireSession(tx, id);
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  for (const [key, value] of Object.entries(patch) as [string, unknown][]) {
    if (value === undefined) continue;
    if (!isPatchableField(key)) throw new AoError("E_USAGE", `session field "${key}" cannot be changed`);
    if (key === "status") checkedStatus(value as string);
    sets.push(`${PATCH_COLUMNS[key]} = ?`);
    values.push(toColumnValue(key, value));
  }
  const now = tx.clock.now();
  if (patch.statusSince === undefined && patch.status !== undefined && patch.status !== before.status) {
    sets.push("status_since = ?");
    values.push(now);
  }
  const ended = isTerminalStatus(patch.status ?? before.status);
  sets.push("updated_at = ?", "ended_at = ?");
  values.push(now, ended ? (before.endedAt ?? now) : null);
  const row = statement(tx, `UPDATE sessions SET ${sets.join(", ")} WHERE id = ? RETURNING *`).get(
    ...values,
    id,
  ) as SessionRow;
  appendEvent(tx, { ...event, sessionId: event.sessionId ?? id });
  return toSession(tx, row);
}

/**
 * Removes a session row (its reactions go with it); its events stay, they are history. The id is
 * not handed out again: session_counters only counts up.
 */
export function deleteSession(tx: WriteTx, id: string, event: NewEvent): void {
  requireSession(tx, id);
  statement(tx, "DELETE FROM sessions WHERE id = ?").run(id);
  appendEvent(tx, { ...event, sessionId: event.sessionId ?? id });
}

/** The fields that record what was observed, not what happened. */
export type ObservationPatch = Pick<SessionPatch, "prState" | "memory" | "lastActivityAt" | "activity">;

/**
 * Stores what a lifecycle cycle observed about a session without an event: the same PR seen again
 * every 30 seconds is not history, and appending it would flood the event log. Anything that
 * changes the session's status goes through updateSession and its event.
 */
export function recordObservation(tx: WriteTx, id: string, patch: ObservationPatch): Session {
  requireSession(tx, id);
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  for (const [key, value] of Object.entries(patch) as [keyof ObservationPatch, unknown][]) {
    if (value === undefined) continue;
    sets.push(`${PATCH_COLUMNS[key]} = ?`);
    values.push(toColumnValue(key, value));
  }
  if (sets.length === 0) return requireSession(tx, id);
  const row = statement(tx, `UPDATE sessions SET ${sets.join(", ")} WHERE id = ? RETURNING *`).get(
    ...values,
    id,
  ) as SessionRow;
  return toSession(tx, row);
}
