import type { ScreenRule } from "../_shared/screen-rules.js";

/**
 * aider's screens. aider (a Python tool) could not be installed here, so these come from its
 * source (aider/io.py `confirm_ask`, aider/waiting.py) and documentation, not from a recording.
 */
export const AIDER_SCREEN_RULES: readonly ScreenRule[] = [
  {
    activity: "needs_input",
    pattern: /\(Y\)es\/\(N\)o[^\n]*\[(Yes|No)\]: ?$/,
    detail: "aider asks a yes/no question",
  },
  { activity: "working", pattern: /Waiting for [^\n]*$/, detail: "waiting for the model" },
  // The input prompt is the last line: "> ", or the chat mode before it ("ask> ", "architect> ").
  { activity: "idle", pattern: /(^|\n)[a-z-]*> ?$/, detail: "prompt is empty" },
];
