import { useEffect, useRef } from "preact/hooks";
import { shortcutOf, type KeyTarget, type ShortcutAction } from "./keyboard-shortcuts.js";

/** A DOM event's target as `shortcutOf` reads it. */
function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof Element)) return { tag: "", editable: false, inTerminal: false };
  return {
    tag: target.tagName.toLowerCase(),
    editable: target instanceof HTMLElement && target.isContentEditable,
    inTerminal: target.closest(".xterm") !== null,
  };
}

/**
 * Listens for the fleet page's shortcuts on the document while the page is shown, and hands each
 * one to `run`. A key that means a shortcut is not also typed or scrolled with (`/` would type, `j`
 * nothing); keys in a field, a select, an editable element or the terminal are left alone, and
 * so is every key while a modal dialog is open (it has its own: Escape closes it). The latest `run`
 * is called, so it may close over the page's current state.
 */
export function useFleetKeys(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || document.querySelector("dialog[open]") !== null) return;
      const action = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: keyTargetOf(event.target),
      });
      if (action === null) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
