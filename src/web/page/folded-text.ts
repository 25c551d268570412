import { useState } from "preact/hooks";
import { html } from "./html.js";

/** How much of a long text shows before "Show more": lines, and characters. */
export const FOLD_LINES = 12;
export const FOLD_CHARS = 1200;

/** The start of `text` shown folded, or undefined when it is short enough to show whole (pure). */
export function foldedStart(text: string): string | undefined {
  const lines = text.split("\n");
  if (lines.length <= FOLD_LINES && text.length <= FOLD_CHARS) return undefined;
  return lines.slice(0, FOLD_LINES).join("\n").slice(0, FOLD_CHARS);
}

/**
 * An untrusted text (an agent's reply) in a `<pre>` as text, never HTML; a long one folded to its
 * start with a "Show more" button that unfolds it (and "Show less" that folds it back).
 */
export function FoldedText({ text, className, label }: { text: string; className: string; label: string }) {
  const [open, setOpen] = useState(false);
  const start = foldedStart(text);
  if (start === undefined) return html`<pre class=${className} aria-label=${label}>${text}</pre>`;
  const hidden = text.length - start.length;
  return html`<div class="folded">
    <pre class=${className} aria-label=${label}>${open ? text : `${start}…`}</pre>
    <button class="fold-toggle" aria-expanded=${open ? "true" : "false"} onClick=${() => setOpen(!open)}>
      ${open ? "Show less" : `Show more (${hidden} more characters)`}
    </button>
  </div>`;
}
