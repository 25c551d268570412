import type { SessionStatus } from "../slots/lifecycle.js";

/** The status list itself belongs to the lifecycle slot; the store re-exports it for its callers. */
export { SESSION_STATUSES, isSessionStatus, type SessionStatus } from "../slots/lifecycle.js";

/** A session in one of these is over: nothing watches it any more, and `ended_at` is set. */
export const TERMINAL_SESSION_STATUSES: readonly SessionStatus[] = [
  "merged",
  "closed",
  "exited",
  "killed",
  "errored",
];

const TERMINAL: ReadonlySet<string> = new Set(TERMINAL_SESSION_STATUSES);

export function isTerminalStatus(status: SessionStatus): boolean {
  return TERMINAL.has(status);
}
