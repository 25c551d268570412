import { recordExit, writeTransaction, type Store } from "../store/index.js";
import type { SessionProbe } from "./probe-sessions.js";

/**
 * Keeps the exits a probe was the first to see (`SessionProbe.exit`), in one transaction; nothing
 * is written when there are none, so `ao status` on running sessions stays a read. Returns the ids
 * whose exit this call recorded (another process may have recorded one first).
 */
export function recordNewExits(store: Store, probes: ReadonlyMap<string, SessionProbe>): string[] {
  const seen = [...probes].flatMap(([id, probe]) =>
    probe.exit === undefined ? [] : [{ id, exit: probe.exit }],
  );
  if (seen.length === 0) return [];
  return writeTransaction(store, (tx) =>
    seen.filter(({ id, exit }) => recordExit(tx, id, exit)).map(({ id }) => id),
  );
}
