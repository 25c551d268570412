import { useEffect, useRef } from "preact/hooks";
import { html } from "./html.js";
import { SHORTCUTS } from "./keyboard-shortcuts.js";

/**
 * The `?` overlay: a modal `<dialog>` listing the shortcuts. The browser's dialog gives what an
 * overlay needs for free: focus moves in and back, the rest of the page is inert, Escape closes it
 * (its `close` event tells the page).
 */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return html`<dialog
    ref=${dialog}
    class="shortcut-help"
    aria-labelledby="shortcut-help-title"
    onClose=${onClose}
  >
    <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
    <dl>
      ${SHORTCUTS.map(
        (shortcut) =>
          html`<div class="shortcut">
            <dt><kbd>${shortcut.keys}</kbd></dt>
            <dd>${shortcut.action}</dd>
          </div>`,
      )}
    </dl>
    <p class="hint">Not while typing in a field or in the terminal.</p>
    <form method="dialog"><button type="submit">Close</button></form>
  </dialog>`;
}
