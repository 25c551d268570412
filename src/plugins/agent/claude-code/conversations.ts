import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { escapedCwd } from "./usage.js";

/**
 * The newest of Claude Code's conversations in a checkout: its transcripts are
 * `<config dir>/projects/<escaped cwd>/<session id>.jsonl` (recorded from 2.1.197), and the one
 * written last is the one a person means by "the newest". Subagent transcripts live in folders
 * beside them and are not conversations of their own.
 */
export function latestClaudeConversation(configDir: string, worktree: string): string | undefined {
  const dir = join(configDir, "projects", escapedCwd(worktree));
  let newest: { id: string; at: number } | undefined;
  for (const name of listJsonl(dir)) {
    const at = statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs;
    if (at !== undefined && (newest === undefined || at > newest.at))
      newest = { id: name.slice(0, -".jsonl".length), at };
  }
  return newest?.id;
}

function listJsonl(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return [];
  }
}
