import { renameSync, statSync } from "node:fs";

/** daemon.log past this size is set aside at the next `ao start`. */
export const DAEMON_LOG_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Keeps one old log: `<path>` becomes `<path>.1` (replacing an older `.1`) when it has grown past
 * `maxBytes`. Done at start, before the daemon opens the file: a running daemon writes through the
 * file descriptor it inherited as stdout, which Node cannot reopen, so rotating under it would
 * leave it writing into the renamed file. At one line per poll, 5 MB lasts months.
 */
export function rotateLogAtStart(path: string, maxBytes = DAEMON_LOG_MAX_BYTES): boolean {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= maxBytes) return false;
  renameSync(path, `${path}.1`);
  return true;
}
