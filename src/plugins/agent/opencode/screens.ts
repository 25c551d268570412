import type { ScreenRule } from "../_shared/screen-rules.js";

/**
 * opencode's screens, as recorded from v1.18.33 in test/fixtures/agents/opencode/screens/ (the TUI)
 * and opencode/turns/screens/ (`--mini`). The busy footer says "esc interrupt" next to a progress
 * bar, "esc again to interrupt" after one Escape; the idle one only lists key bindings.
 */
export const OPENCODE_SCREEN_RULES: readonly ScreenRule[] = [
  {
    activity: "needs_input",
    pattern: /Permission required[\s\S]*Allow once/,
    detail: "opencode asks for a permission (allow once, allow always, reject)",
  },
  { activity: "working", pattern: /esc (again to )?interrupt/, detail: "busy (esc interrupt)" },
  { activity: "idle", pattern: /ctrl\+p (commands|cmd)/, detail: "prompt is empty" },
];
