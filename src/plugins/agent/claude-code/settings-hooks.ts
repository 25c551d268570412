import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AoError } from "../../../core/plugin-api.js";
import { agentEventsFile } from "../_shared/agent-events.js";
import { hookRecorderCommand } from "../_shared/hook-recorder.js";

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

interface HookEntry {
  matcher?: string;
  hooks?: { type?: string; command?: string }[];
}

type Settings = Record<string, unknown> & { hooks?: Record<string, HookEntry[]> };

/**
 * Merges ao's hooks into the worktree's local settings, keeping whatever else is there. An older
 * ao entry (another node path) is replaced, so the file converges and a second run changes nothing.
 */
export function writeClaudeHooks(worktree: string, nodePath: string): void {
  const file = join(worktree, CLAUDE_LOCAL_SETTINGS);
  const eventsFile = agentEventsFile(worktree);
  const command = hookRecorderCommand(nodePath, eventsFile);
  const settings = readSettings(file);
  const hooks: Record<string, HookEntry[]> = { ...settings.hooks };
  for (const event of CLAUDE_HOOK_EVENTS) {
    const others = (hooks[event] ?? []).filter((entry) => !isAoEntry(entry, eventsFile));
    hooks[event] = [...others, { matcher: "", hooks: [{ type: "command", command }] }];
  }
  const next = `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, "utf8") === next) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, next);
}

function isAoEntry(entry: HookEntry, eventsFile: string): boolean {
  return (entry.hooks ?? []).some((hook) => hook.command?.includes(eventsFile) === true);
}

function readSettings(file: string): Settings {
  if (!existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Settings;
  } catch {
    // fall through: an unreadable file is reported, never overwritten
  }
  throw new AoError("E_PLUGIN_FAILED", `${file} is not a JSON object, so ao cannot add its hooks to it`, {
    hint: "fix or remove the file (it holds personal Claude Code settings for this worktree)",
  });
}
