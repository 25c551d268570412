import type { LiveData } from "./live-data.js";
import { html } from "./html.js";
import { useSessionDetail } from "./use-session-detail.js";
import { MessageBox } from "./message-box.js";
import { SessionActions } from "./session-actions.js";
import { SessionCard } from "./session-card.js";
import { EventsSection, PullRequestSection, ReactionsSection, TurnsSection } from "./session-sections.js";
import { TimelineChart } from "./timeline.js";
import type { ProjectBrief } from "../api/types.js";

/**
 * `#/s/<id>`: one session in full, kept current by the stream: its card, the actions and message
 * box, the timeline picture, PR with failing checks and threads, reactions, turns, events and the
 * live terminal.
 */
export function SessionPage({
  id,
  live,
  projects,
  now,
}: {
  id: string;
  live: LiveData;
  projects: ProjectBrief[];
  now: number;
}) {
  const state = useSessionDetail(id, live);
  if (state.kind === "loading") return html`<main class="session"><p>Loading ${id}…</p></main>`;
  if (state.kind === "failed")
    return html`<main class="session">
      <p class="error" role="alert">${id}: ${state.error}</p>
      <a href="#/">Back to the fleet</a>
    </main>`;
  const { detail } = state;
  const localReview = projects.find((project) => project.id === detail.card.project)?.localReview ?? false;
  return html`<main class="session" aria-label=${`Session ${id}`}>
    <div class="session-top">
      <${SessionCard} card=${detail.card} now=${now} />
      <div class="session-controls">
        <${SessionActions} card=${detail.card} localReview=${localReview} />
        <${MessageBox} session=${id} />
      </div>
    </div>
    ${
      detail.exit !== null &&
      html`<section aria-label="Exit" class="exit">
        <h2>Agent exited${detail.exit.exitCode === null ? "" : ` (code ${detail.exit.exitCode})`}</h2>
        <pre>${detail.exit.lastLines.join("\n")}</pre>
      </section>`
    }
    <${TimelineChart} timeline=${detail.timeline} now=${now} />
    <div class="session-grid">
      <${PullRequestSection} pr=${detail.pr} />
      <${ReactionsSection} reactions=${detail.reactions} now=${now} />
      <${TurnsSection} turns=${detail.turns} now=${now} />
      <${EventsSection} events=${detail.events} />
    </div>
  </main>`;
}
