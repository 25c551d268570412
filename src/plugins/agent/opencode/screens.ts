import type { ScreenRule } from "../_shared/screen-rules.js";

/**
 * opencode's TUI screens, as recorded from v1.18.33 in test/fixtures/agents/opencode/screens/. The
 * busy footer says "esc interrupt" next to a progress bar; the idle one only lists key bindings.
 */
export const OPENCODE_SCREEN_RULES: readonly ScreenRule[] = [
  { activity: "working", pattern: /esc interrupt/, detail: "busy (esc interrupt)" },
  { activity: "idle", pattern: /ctrl\+p commands/, detail: "prompt is empty" },
];
