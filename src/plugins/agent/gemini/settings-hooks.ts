import { join } from "node:path";
import { AoError, git, type Exec } from "../../../core/plugin-api.js";
import { agentEventsFile } from "../_shared/agent-events.js";
import { hookRecorderCommand } from "../_shared/hook-recorder.js";
import { mergeHookSettings } from "../_shared/hook-settings.js";

/**
 * Gemini CLI (0.61) loads hooks from the workspace's `.gemini/settings.json` once the folder is
 * trusted, runs each through the shell with the event's JSON on stdin, and names them in a
 * one-time "project-level hooks have been detected" warning (recorded). BeforeAgent / AfterAgent
 * bracket a turn (AfterAgent carries `prompt_response`); SessionStart gives the session id and the
 * chat file (`transcript_path`); Notification says a tool waits for permission.
 */
export const GEMINI_HOOK_EVENTS = [
  "SessionStart",
  "BeforeAgent",
  "AfterAgent",
  "Notification",
  "SessionEnd",
] as const;

export const GEMINI_WORKSPACE_SETTINGS = join(".gemini", "settings.json");

/** The name Gemini CLI shows for ao's hook ("Executing Hook: ao-turns", `/hooks panel`). */
export const GEMINI_HOOK_NAME = "ao-turns";

/**
 * Merges ao's hooks into the worktree's `.gemini/settings.json`. A repository that commits that
 * file cannot take them without a change `git status` shows (and the agent might commit), so that
 * is refused with the way out.
 */
export async function writeGeminiHooks(worktree: string, nodePath: string, exec: Exec): Promise<void> {
  if (await isTracked(exec, worktree, GEMINI_WORKSPACE_SETTINGS)) {
    throw new AoError(
      "E_PLUGIN_FAILED",
      `${join(worktree, GEMINI_WORKSPACE_SETTINGS)} is committed to the repository, so ao cannot add its turn hooks without changing a tracked file`,
      {
        hint: "move the committed Gemini settings to ~/.gemini/settings.json, or run this project with another agent",
      },
    );
  }
  const eventsFile = agentEventsFile(worktree);
  mergeHookSettings(
    join(worktree, GEMINI_WORKSPACE_SETTINGS),
    GEMINI_HOOK_EVENTS,
    { name: GEMINI_HOOK_NAME, command: hookRecorderCommand(nodePath, eventsFile), timeout: 10_000 },
    eventsFile,
    "fix or remove the file (it holds Gemini CLI's settings for this workspace)",
  );
}

async function isTracked(exec: Exec, worktree: string, path: string): Promise<boolean> {
  const result = await git({ exec }, worktree, ["ls-files", "--error-unmatch", "--", path], {
    reject: false,
  });
  return !result.failed;
}
