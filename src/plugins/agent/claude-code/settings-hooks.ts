import { join } from "node:path";
import { agentEventsFile } from "../_shared/agent-events.js";
import { hookRecorderCommand } from "../_shared/hook-recorder.js";
import { mergeHookSettings } from "../_shared/hook-settings.js";

/**
 * Claude Code reads hooks from `.claude/settings.local.json` (the personal, never-committed project
 * settings) and runs each hook command with the event's JSON on stdin. ao registers one recorder for
 * the events that tell activity, the session id and turns (StopFailure: a turn an API error ended).
 */
export const CLAUDE_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Notification",
  "Stop",
  "StopFailure",
  "SessionEnd",
] as const;

export const CLAUDE_LOCAL_SETTINGS = join(".claude", "settings.local.json");

/**
 * Merges ao's hooks into the worktree's local settings, keeping whatever else is there. An older
 * ao entry (another node path) is replaced, so the file converges and a second run changes nothing.
 */
export function writeClaudeHooks(worktree: string, nodePath: string): void {
  const eventsFile = agentEventsFile(worktree);
  mergeHookSettings(
    join(worktree, CLAUDE_LOCAL_SETTINGS),
    CLAUDE_HOOK_EVENTS,
    { command: hookRecorderCommand(nodePath, eventsFile) },
    eventsFile,
    "fix or remove the file (it holds personal Claude Code settings for this worktree)",
  );
}
