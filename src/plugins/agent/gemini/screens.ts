import type { ScreenRule } from "../_shared/screen-rules.js";

/** Gemini CLI's screens, as recorded from v0.61.0 in test/fixtures/agents/gemini/screens/. */
export const GEMINI_SCREEN_RULES: readonly ScreenRule[] = [
  {
    activity: "needs_input",
    pattern: /Do you trust the files in this folder\?|Do you trust the following folders/,
    detail: "folder trust dialog: a person must confirm Gemini CLI may work in this folder",
  },
  {
    activity: "needs_input",
    pattern: /How would you like to authenticate/,
    detail: "Gemini CLI is not signed in: choose an authentication method once",
  },
  {
    activity: "needs_input",
    pattern: /Waiting for authentication\.\.\./,
    detail: "Gemini CLI waits for a sign-in to finish",
  },
  {
    activity: "needs_input",
    pattern: /Do you want to allow this read\?/,
    detail: "Gemini CLI asks to read a file outside the workspace",
  },
  {
    activity: "needs_input",
    pattern: /● 1\. Keep trying[\s│]+2\. Stop/,
    detail: "Gemini CLI cannot use its model (not found, or its quota is used up): keep trying or stop",
  },
  // "(esc to cancel, 4s)", "(esc to cancel, 2m 12s)" (recorded).
  { activity: "working", pattern: /\(esc to cancel, (\d+m )?\d+s\)/, detail: "busy (esc to cancel)" },
  { activity: "idle", pattern: /Type your message or @path\/to\/file/, detail: "prompt is empty" },
];
