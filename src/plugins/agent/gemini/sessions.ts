import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseObject, stringField } from "../_shared/agent-events.js";

/**
 * Gemini CLI keeps each project's conversations in `~/.gemini/tmp/<name>/chats/session-*.jsonl`,
 * where `<name>` comes from `~/.gemini/projects.json` (project path → name). The first line of a
 * session file carries its `sessionId`, which `gemini --resume <id>` accepts.
 */
export function findGeminiSessionId(geminiHome: string, worktree: string): string | undefined {
  const name = projectName(geminiHome, worktree);
  if (name === undefined) return undefined;
  const chats = join(geminiHome, "tmp", name, "chats");
  for (const file of listDesc(chats)) {
    if (!file.startsWith("session-") || !file.endsWith(".jsonl")) continue;
    const id = stringField(parseObject(firstLine(join(chats, file))), "sessionId");
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The name Gemini CLI gave the worktree's project in `projects.json`, if it has seen it. */
export function projectName(geminiHome: string, worktree: string): string | undefined {
  try {
    const registry = parseObject(readFileSync(join(geminiHome, "projects.json"), "utf8"));
    const projects = registry?.["projects"] as Record<string, unknown> | undefined;
    const name = projects?.[worktree];
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

function listDesc(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

function firstLine(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n", 1)[0] ?? "";
  } catch {
    return "";
  }
}
