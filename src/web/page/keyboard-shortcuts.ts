/**
 * The fleet page's keys: `/` search, `j`/`k` move the selection, `enter` open, `?` help, Escape
 * close or clear. Decided from the key and where it was typed, purely, so the rule "never while
 * typing" is tested without a browser: a key typed into a field, a select, an editable element or
 * the terminal (xterm.js's hidden textarea sits in `.xterm`) belongs to that element.
 */
export type ShortcutAction = "search" | "next" | "previous" | "open" | "help" | "escape";

/** The shortcuts as the help overlay lists them. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: "/", action: "Search the fleet" },
  { keys: "j", action: "Select the next card" },
  { keys: "k", action: "Select the previous card" },
  { keys: "Enter", action: "Open the selected card's session" },
  { keys: "?", action: "Show this help" },
  { keys: "Esc", action: "Close this help; clear the search" },
];

/** What a key event's target is, as far as shortcuts care. */
export interface KeyTarget {
  /** Lower-case tag name (`input`, `textarea`, `a`, …). */
  tag: string;
  editable: boolean;
  /** Inside the live terminal (`.xterm`). */
  inTerminal: boolean;
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: KeyTarget;
}

const TYPING_TAGS = new Set(["input", "textarea", "select"]);
const KEYS: Record<string, ShortcutAction> = {
  "/": "search",
  j: "next",
  k: "previous",
  Enter: "open",
  "?": "help",
  Escape: "escape",
};

/** Whether a key typed there is text for that element. */
export function isTyping(target: KeyTarget): boolean {
  return target.editable || target.inTerminal || TYPING_TAGS.has(target.tag);
}

/**
 * The shortcut a key press means, or null. Enter on a link or button is that element's own (the
 * browser follows the focused card's link); modified keys are the browser's.
 */
export function shortcutOf(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (isTyping(press.target)) return null;
  const action = KEYS[press.key] ?? null;
  if (action === "open" && (press.target.tag === "a" || press.target.tag === "button")) return null;
  return action;
}

/** The selection after moving by `step` among the shown ids: the first (or last) when none is selected. */
export function moveSelection(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at < 0) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + step))]!;
}
