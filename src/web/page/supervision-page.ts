import type { FleetCard, FleetView } from "../api/types.js";
import { ActionButton } from "./action-button.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { activityText, agentDot } from "./agent-state.js";
import { ENDED, interruptSession, killSession } from "./session-actions.js";

/** Who opened a worker, once the control plane adds it to the card (absent before that). */
function commanderOf(card: FleetCard): string | null {
  const value = (card as FleetCard & { commander?: unknown }).commander;
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * `#/p/<project>`: the project's live sessions as a compact list for someone supervising many
 * agents: a dot for what the agent does (running / waiting / idle / unknown), jump to the session, interrupt its turn, close
 * it, and which commander opened it when the control plane did.
 */
export function SupervisionPage({ fleet, project }: { fleet: FleetView; project: string }) {
  const live = fleet.cards.filter((card) => card.project === project && !ENDED.has(card.status));
  return html`<main class="supervision" aria-label=${`Supervision of ${project}`}>
    <h2>${project}: ${live.length} live session${live.length === 1 ? "" : "s"}</h2>
    ${
      live.length === 0
        ? html`<p class="empty">No live sessions.</p>`
        : html`<ul class="workers">
            ${live.map((card) => {
              const commander = commanderOf(card);
              const { dot, interruptible } = agentDot(card);
              return html`<li key=${card.id} aria-label=${card.id} class="worker">
                <span class=${`dot ${dot}`} role="img" aria-label=${dot}></span>
                <a href=${routeHref({ page: "session", id: card.id })}>${card.id}</a>
                <span class="worker-title">${card.title ?? card.branch}</span>
                <span class="worker-state">${activityText(card)} · ${card.status.replace(/_/g, " ")}</span>
                ${commander !== null && html`<span class="commander">opened by ${commander}</span>`}
                <${ActionButton}
                  label="Interrupt"
                  disabled=${!interruptible}
                  run=${() => interruptSession(card.id)}
                />
                <${ActionButton}
                  label="Close"
                  danger
                  confirm=${`Close ${card.id}?`}
                  run=${() => killSession(card.id)}
                />
              </li>`;
            })}
          </ul>`
    }
  </main>`;
}
