import type { ActivityReport } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";

/**
 * Activity from the newest Claude Code hook event that says something about it. Notification
 * `permission_prompt` / `elicitation_dialog` mean Claude waits for a person; `idle_prompt` and Stop
 * mean the turn is over; a prompt or a tool call means it works. SessionEnd says nothing on its own:
 * `/clear` ends a session and starts the next while the process lives on.
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
    case "SessionStart":
      return { activity: "idle", detail: "session started" };
    case "Notification":
      return notificationReport(event);
    default:
      return undefined;
  }
}

function notificationReport(event: Record<string, unknown> | undefined): ActivityReport | undefined {
  const type = stringField(event, "notification_type");
  const message = stringField(event, "message") ?? "notification";
  if (type === "permission_prompt" || type === "elicitation_dialog") {
    return { activity: "needs_input", detail: message };
  }
  if (type === "idle_prompt") return { activity: "idle", detail: message };
  return undefined;
}

/** The newest session id the hooks reported: it changes on /clear, and the newest is the one to resume. */
export function sessionIdFromHooks(events: readonly Record<string, unknown>[]): string | undefined {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const id = stringField(events[index], "session_id");
    if (id !== undefined) return id;
  }
  return undefined;
}
