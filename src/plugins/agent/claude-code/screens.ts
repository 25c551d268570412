import type { ScreenRule } from "../_shared/screen-rules.js";

/**
 * Claude Code's screens, as recorded from v2.1.197 in test/fixtures/agents/claude/screens/ and from
 * v2.1.332 in test/fixtures/agents/claude/2.1.332/. Dialogs first: they are drawn above a footer
 * that may still say something else. 2.1.332's idle footer names the permission mode instead of
 * "? for shortcuts" when it is auto mode ("⏵⏵ auto mode on (shift+tab to cycle)").
 */
export const CLAUDE_SCREEN_RULES: readonly ScreenRule[] = [
  {
    activity: "needs_input",
    pattern: /Yes, I trust this folder|Is this a project you created or one you trust/,
    detail:
      "folder trust dialog: a person must confirm it (trusting a parent folder once covers every worktree below it)",
  },
  {
    activity: "needs_input",
    pattern: /Detected a custom API key in your environment/,
    detail: "Claude Code asks whether to use ANTHROPIC_API_KEY",
  },
  {
    activity: "needs_input",
    pattern: /Unable to connect to Anthropic services/,
    detail: "Claude Code cannot reach its service (first-run connectivity check)",
  },
  {
    activity: "needs_input",
    pattern: /Do you want to proceed\?|Do you want to make this edit|Do you want to create /,
    detail: "permission prompt",
  },
  { activity: "needs_input", pattern: /Esc to cancel/, detail: "a dialog waits for an answer" },
  {
    activity: "needs_input",
    pattern: /Not logged in · Run \/login/,
    detail: "Claude Code is not logged in: run /login in the session once",
  },
  { activity: "working", pattern: /esc to interrupt/, detail: "busy (esc to interrupt)" },
  { activity: "idle", pattern: /\? for shortcuts|\(shift\+tab to cycle\)/, detail: "prompt is empty" },
];
