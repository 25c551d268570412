import { useState } from "preact/hooks";
import { html } from "./html.js";
import { foldedStart } from "./session-words.js";

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
