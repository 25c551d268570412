import { useEffect, useRef } from "preact/hooks";
import type { FleetCard } from "../api/types.js";
import { html } from "./html.js";
import { ENDED } from "./session-actions.js";
import { mountTerminal } from "./terminal/index.js";

/**
 * The live terminal of the session page: a container the web terminal component (src/web/page/
 * terminal/) draws into, mounted while the page shows this session and disposed when it leaves. The
 * component itself says when the runtime has no pane and offers "Take control".
 */
export function TerminalSection({ card }: { card: FleetCard }) {
  const container = useRef<HTMLDivElement>(null);
  const ended = ENDED.has(card.status);
  useEffect(() => {
    if (container.current === null || ended) return undefined;
    const terminal = mountTerminal(container.current, { sessionId: card.id });
    return () => terminal.dispose();
  }, [card.id, ended]);
  return html`<section class="terminal-section" aria-label="Live terminal">
    <h2>Terminal</h2>
    ${ended ? html`<p class="empty">The session has ended: no live pane.</p>` : html`<div class="terminal-host" ref=${container}></div>`}
  </section>`;
}
