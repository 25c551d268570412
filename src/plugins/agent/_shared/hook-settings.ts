import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { AoError } from "../../../core/plugin-api.js";

/**
 * Claude Code and Gemini CLI read hooks from a JSON settings file in the same shape:
 * `{ hooks: { <Event>: [{ matcher, hooks: [{ type: "command", command, … }] }] } }`.
 */
export interface HookCommand {
  type?: string;
  command?: string;
  name?: string;
  timeout?: number;
}

interface HookEntry {
  matcher?: string;
  hooks?: HookCommand[];
}

type Settings = Record<string, unknown> & { hooks?: Record<string, HookEntry[]> };

/**
 * Merges one ao hook into `file` for each event, keeping whatever else is there. An older ao entry
 * (the one whose command names `marker`, ao's events file) is replaced, so the file converges and
 * a second run changes nothing. A file that is not a JSON object is reported, never overwritten.
 */
export function mergeHookSettings(
  file: string,
  events: readonly string[],
  hook: HookCommand & { command: string },
  marker: string,
  hint: string,
): void {
  const settings = readSettings(file, hint);
  const hooks: Record<string, HookEntry[]> = { ...settings.hooks };
  for (const event of events) {
    const others = (hooks[event] ?? []).filter((entry) => !isAoEntry(entry, marker));
    hooks[event] = [...others, { matcher: "", hooks: [{ type: "command", ...hook }] }];
  }
  const next = `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, "utf8") === next) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, next);
}

function isAoEntry(entry: HookEntry, marker: string): boolean {
  return (entry.hooks ?? []).some((hook) => hook.command?.includes(marker) === true);
}

function readSettings(file: string, hint: string): Settings {
  if (!existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Settings;
  } catch {
    // fall through: an unreadable file is reported, never overwritten
  }
  throw new AoError("E_PLUGIN_FAILED", `${file} is not a JSON object, so ao cannot add its hooks to it`, {
    hint,
  });
}
