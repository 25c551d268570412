import type { ScreenRule } from "../_shared/screen-rules.js";

/** Codex's screens, as recorded from codex-cli 0.171.0 in test/fixtures/agents/codex/screens/. */
export const CODEX_SCREEN_RULES: readonly ScreenRule[] = [
  {
    activity: "needs_input",
    pattern: /Sign in with ChatGPT|Welcome to Codex/,
    // Enter would pick "Sign in with ChatGPT" (a browser login), so the detail suggests no key press.
    detail:
      "codex is waiting for sign-in (Sign in with ChatGPT / API key): run `codex login` in the pane or set OPENAI_API_KEY",
  },
  {
    activity: "needs_input",
    pattern: /Trust this folder\?|Trust and continue/,
    detail: "folder trust dialog: a person must confirm Codex may work in this folder",
  },
  {
    activity: "needs_input",
    pattern: /Would you like to run the following command\?|Press enter to confirm or esc to cancel/,
    detail: "approval prompt",
  },
  { activity: "working", pattern: /esc to interrupt/, detail: "busy (esc to interrupt)" },
  { activity: "idle", pattern: /\? for shortcuts/, detail: "prompt is empty" },
];
