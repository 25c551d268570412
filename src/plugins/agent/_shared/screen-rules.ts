import type { ActivityReport, AgentActivity } from "../../../core/plugin-api.js";

/**
 * One recognisable state of an agent's screen. Rules are checked in order and the first match wins,
 * so dialogs (needs_input) come before the busy footer, which comes before the idle prompt.
 */
export interface ScreenRule {
  activity: Exclude<AgentActivity, "exited">;
  pattern: RegExp;
  detail: string;
}

/**
 * Only the bottom of the screen is read: a TUI draws its live state (dialog, spinner, prompt box)
 * there, while the scrollback above may still hold text of states long gone.
 */
const LIVE_LINES = 25;

export function liveRegion(screen: string, lines = LIVE_LINES): string {
  const nonBlank = screen.split("\n").filter((line) => line.trim() !== "");
  return nonBlank.slice(-lines).join("\n");
}

/** The first rule that matches the live region of the screen; undefined when none does. */
export function classifyScreen(
  screen: string | undefined,
  rules: readonly ScreenRule[],
): ActivityReport | undefined {
  if (screen === undefined || screen.trim() === "") return undefined;
  const region = liveRegion(screen);
  const rule = rules.find((candidate) => candidate.pattern.test(region));
  return rule ? { activity: rule.activity, detail: rule.detail } : undefined;
}
