import type { SessionUpdate, ToolCallLocation } from "@agentclientprotocol/sdk";
import type { Screen } from "./screen.js";
import { shownPath } from "./screen-text.js";

export const USER_PREFIX = "> ";
export const AGENT_PREFIX = "  ";

interface ToolCallSeen {
  kind: string;
  title: string;
  status: string;
  locations: readonly ToolCallLocation[];
}

/**
 * Draws `session/update`s: message chunks stream (the person's own, replayed by `session/load`,
 * under "> "), a tool call is one line `⏺ <kind> <title> — <status>` with its files, drawn again
 * when its status changes, a plan is its entries. Thoughts, commands and modes are recorded only.
 */
export function createUpdateView(screen: Screen, cwd: string) {
  const calls = new Map<string, ToolCallSeen>();
  const toolLine = (call: ToolCallSeen): string => {
    const files = call.locations.map(
      (at) => `${shownPath(at.path, cwd)}${at.line ? `:${String(at.line)}` : ""}`,
    );
    return `⏺ ${call.kind} ${call.title} — ${call.status}${files.length > 0 ? `  (${files.join(", ")})` : ""}`;
  };
  return (update: SessionUpdate): void => {
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
      case "user_message_chunk":
        if (update.content.type === "text")
          screen.stream(
            update.sessionUpdate === "user_message_chunk" ? USER_PREFIX : AGENT_PREFIX,
            update.content.text,
          );
        return;
      case "tool_call": {
        const call = {
          kind: update.kind ?? "other",
          title: update.title,
          status: update.status ?? "pending",
          locations: update.locations ?? [],
        };
        calls.set(update.toolCallId, call);
        screen.lines([toolLine(call)]);
        return;
      }
      case "tool_call_update": {
        const before = calls.get(update.toolCallId);
        const call: ToolCallSeen = {
          kind: update.kind ?? before?.kind ?? "other",
          title: update.title ?? before?.title ?? update.toolCallId,
          status: update.status ?? before?.status ?? "pending",
          locations: update.locations ?? before?.locations ?? [],
        };
        calls.set(update.toolCallId, call);
        if (before?.status !== call.status || before.title !== call.title) screen.lines([toolLine(call)]);
        return;
      }
      case "plan":
        screen.lines([
          "Plan:",
          ...update.entries.map((entry) => `  ${PLAN_MARKS[entry.status]} ${entry.content}`),
        ]);
        return;
      default:
        return;
    }
  };
}

const PLAN_MARKS = { pending: "[ ]", in_progress: "[~]", completed: "[x]" } as const;
