import type { ActivityReport } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";

/**
 * Activity from the newest Claude Code hook event that says something about it. A Notification
 * means Claude waits for a person, whatever its type (`permission_prompt`, `elicitation_dialog`,
 * 2.1.33x's `agent_needs_input` for its newer dialogs such as the classifier billing notice, and any
 * type a later version adds), with its own message; only `idle_prompt` (the turn is over and the
 * prompt waited) and the types that tell of something done (NOT_WAITING) are not. Stop means the
 * turn is over, and so does StopFailure (an API error ended it); a prompt or a tool call means it works. SessionEnd says nothing on its own: `/clear`
 * ends a session and starts the next while the process lives on.
 */
export function activityFromHooks(events: readonly Record<string, unknown>[]): ActivityReport | undefined {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const report = reportFor(events[index]);
    if (report) return report;
  }
  return undefined;
}

function reportFor(event: Record<string, unknown> | undefined): ActivityReport | undefined {
  switch (stringField(event, "hook_event_name")) {
    case "UserPromptSubmit":
      return { activity: "working", detail: "prompt submitted" };
    case "PreToolUse":
    case "PostToolUse":
      return { activity: "working", detail: `tool ${stringField(event, "tool_name") ?? "call"}` };
    case "Stop":
      return { activity: "idle", detail: "turn finished" };
    case "StopFailure":
      // An API error ended the turn (after Claude's own retries): the prompt waits again.
      return {
        activity: "idle",
        detail:
          `turn failed (${stringField(event, "error") ?? "error"}): ${stringField(event, "last_assistant_message") ?? ""}`.trim(),
      };
    case "SessionStart":
      return { activity: "idle", detail: "session started" };
    case "Notification":
      return notificationReport(event);
    default:
      return undefined;
  }
}

/** Notification types that tell of something done, not of a wait (strings of the 2.1.332 bundle). */
const NOT_WAITING = new Set(["auth_success", "agent_completed"]);

function notificationReport(event: Record<string, unknown> | undefined): ActivityReport | undefined {
  const type = stringField(event, "notification_type");
  const message = stringField(event, "message") ?? `Claude Code notification ${type ?? "without a type"}`;
  if (type === "idle_prompt") return { activity: "idle", detail: message };
  if (type !== undefined && NOT_WAITING.has(type)) return undefined;
  return { activity: "needs_input", detail: message };
}

/** The newest session id the hooks reported: it changes on /clear, and the newest is the one to resume. */
export function sessionIdFromHooks(events: readonly Record<string, unknown>[]): string | undefined {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const id = stringField(events[index], "session_id");
    if (id !== undefined) return id;
  }
  return undefined;
}
