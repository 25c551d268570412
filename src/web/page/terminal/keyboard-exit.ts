/** How long an Escape waits for a Tab before it goes to the agent (milliseconds). */
export const ESCAPE_HOLD_MS = 500;

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

export interface KeyboardExitOptions {
  /** Whether keys go to the agent now (the person holds control). */
  interactive(): boolean;
  /** Types an Escape into the agent's pane (one that turned out not to start "Escape, Tab"). */
  sendEscape(): void;
}

/**
 * The key filter (xterm's custom key handler: false = xterm leaves the key alone) that keeps the
 * terminal from trapping the keyboard (docs/dashboard.md, "Keyboard"). Read-only, Tab and Shift+Tab
 * move the focus on, as anywhere on the page. In control, Tab belongs to the agent; Escape then
 * Tab (or Shift+Tab) leaves. The Escape is held until the next key: a Tab drops it (leaving never
 * interrupts the agent), any other key, or ESCAPE_HOLD_MS without one, sends it first.
 */
export function keyboardExit(options: KeyboardExitOptions): (event: KeyboardEvent) => boolean {
  let held: ReturnType<typeof setTimeout> | undefined;
  const release = (send: boolean) => {
    if (held === undefined) return;
    clearTimeout(held);
    held = undefined;
    if (send) options.sendEscape();
  };
  return (event) => {
    const tab = event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey;
    if (!options.interactive()) return !tab;
    if (event.type !== "keydown") return !(tab || event.key === "Escape");
    // A modifier pressed on its own (the Shift of Shift+Tab) neither sends nor drops a held Escape.
    if (MODIFIERS.has(event.key)) return true;
    if (tab && held !== undefined) {
      release(false);
      return false;
    }
    if (event.key === "Escape" && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      release(true);
      held = setTimeout(() => release(true), ESCAPE_HOLD_MS);
      return false;
    }
    release(true);
    return true;
  };
}
