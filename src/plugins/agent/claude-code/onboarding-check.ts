import { readFileSync } from "node:fs";
import type { PluginCheck } from "../../../core/plugin-api.js";

const FIX = "run `claude` once in a terminal and finish its set-up (theme, sign-in), then exit it";

/**
 * Whether Claude Code finished its first-run onboarding on this machine. Until it has, every
 * interactive start opens the onboarding (theme, sign-in, a connectivity check) instead of the
 * session, so ao's first spawn sits in it or dies. Claude Code writes `hasCompletedOnboarding: true`
 * (with `lastOnboardingVersion`) into its state file when a person finishes it, and starts straight
 * into the session when it is there: 2.1.197 and 2.1.332 both did with only that key seeded
 * (test/fixtures/agents/README.md, claude/2.1.332/claude-json-after-start.json). ao's pre-trust
 * writes the same file, so its existence alone proves nothing. `stateFile` is
 * `$CLAUDE_CONFIG_DIR/.claude.json` or `~/.claude.json` (claudePathsFrom); tests pass their own.
 */
export function checkClaudeOnboarding(stateFile: string): PluginCheck {
  const base = { id: "agent:claude-code:onboarding", title: "claude first-run set-up (claude-code)" };
  const state = readState(stateFile);
  if (state === "missing")
    return {
      ...base,
      status: "fail",
      detail: `${stateFile} does not exist: Claude Code has never been set up here, so its first session stops in the onboarding`,
      fix: FIX,
    };
  if (state === "unreadable")
    return {
      ...base,
      status: "warn",
      detail: `${stateFile} is not a JSON object, so whether Claude Code finished its set-up is unknown`,
      fix: FIX,
    };
  if (state["hasCompletedOnboarding"] === true)
    return { ...base, status: "ok", detail: `onboarding finished (hasCompletedOnboarding in ${stateFile})` };
  return {
    ...base,
    status: "fail",
    detail: `${stateFile} has no \`hasCompletedOnboarding: true\`: Claude Code's first-run set-up was never finished, so its sessions stop in the onboarding`,
    fix: FIX,
  };
}

function readState(file: string): Record<string, unknown> | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return "missing";
    return "unreadable";
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // not JSON: said by the caller
  }
  return "unreadable";
}
