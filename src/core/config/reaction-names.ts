/**
 * The reaction and priority names on their own, without zod: the configuration's loaded form and
 * its cache (load-config.ts) use them on every command, the schema only when a file is parsed.
 */

/** The situations the lifecycle engine reacts to; each has a built-in default (default-reactions.ts). */
export const REACTION_KEYS = [
  "ci-failed",
  "changes-requested",
  "merge-conflicts",
  "approved-and-green",
  "agent-stuck",
  "agent-needs-input",
  "agent-exited",
  "pr-closed",
  "all-complete",
  "conflict-predicted",
] as const;

export const REACTION_ACTIONS = ["send-to-agent", "notify", "auto-merge", "queue"] as const;

/** Notification priorities, most pressing first; `notificationRouting` maps each to notifiers. */
export const PRIORITIES = ["urgent", "action", "warning", "info"] as const;
