import type { FleetCard } from "../api/types.js";

/** Statuses after which a session has no agent to act on (the store's terminal statuses). */
export const ENDED: ReadonlySet<string> = new Set(["merged", "closed", "exited", "killed", "errored"]);

/** Ended sessions whose agent can be started again (merged and closed ones finished their work). */
const RESTORABLE: ReadonlySet<string> = new Set(["exited", "killed", "errored"]);

/**
 * Which actions a session page offers, and why one is held back. Pure, so tested without a browser:
 * "Restore" only for a session whose agent is gone (a live one has nothing to restore), "Merge"
 * disabled while CI fails or runs, with the reason in words.
 */
export function restoreOffered(card: FleetCard): boolean {
  return RESTORABLE.has(card.status);
}

/** Why "Merge" is disabled now, or null when the forge's checks allow it. */
export function mergeBlocked(card: FleetCard): string | null {
  const ci = card.pr?.ci;
  if (ci === null || ci === undefined) return null;
  if (ci.state === "failing")
    return ci.failing.length > 0 ? `CI failing: ${ci.failing.join(", ")}` : "CI failing";
  if (ci.state === "pending") return "CI still running";
  return null;
}
