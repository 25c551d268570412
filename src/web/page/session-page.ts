import type { LiveData } from "./live-data.js";
import { html } from "./html.js";
import { useSessionDetail } from "./use-session-detail.js";
import { MessageBox } from "./message-box.js";
import { SessionActions } from "./session-actions.js";
import { SessionCard } from "./session-card.js";
import { TerminalSection } from "./terminal-section.js";
import { EventsSection, PullRequestSection, ReactionsSection } from "./session-sections.js";
import { MergeRadarSection } from "./merge-radar.js";
import { TurnsSection } from "./turn-list.js";
import "./session-turns.css";
import { TimelineChart } from "./timeline.js";
import { ReviewView } from "./review-view.js";
import { routeHref } from "./fragment.js";
import type { ProjectBrief } from "../api/types.js";

/** The session page's two tabs: everything about it, and its diff to review. */
function SessionTabs({ id, tab }: { id: string; tab: "overview" | "review" }) {
  const link = (to: "overview" | "review", label: string) =>
    html`<a
      class=${`tab${tab === to ? " current" : ""}`}
      href=${routeHref(to === "review" ? { page: "session", id, tab: "review" } : { page: "session", id })}
      aria-current=${tab === to ? "page" : undefined}
      >${label}</a
    >`;
  return html`<nav class="session-tabs" aria-label="Session views">
    ${link("overview", "Overview")}${link("review", "Review")}
  </nav>`;
}

/**
 * `#/s/<id>`: one session in full, kept current by the stream: its card, the actions and message
 * box, the timeline picture, the live terminal, the turns (replies, tool calls, plans), the PR
 * with failing checks and threads, its conflicts and merge-queue place, reactions and events. `#/s/<id>/review`: the same card and actions over its diff to review.
 */
export function SessionPage({
  id,
  tab,
  live,
  projects,
  now,
}: {
  id: string;
  tab: "overview" | "review";
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
  const brief = projects.find((project) => project.id === detail.card.project);
  const localReview = brief?.localReview ?? false;
  const top = html`<div class="session-top">
      <${SessionCard} card=${detail.card} now=${now} />
      <div class="session-controls">
        <${SessionActions} card=${detail.card} localReview=${localReview} />
        <${MessageBox} session=${id} />
      </div>
    </div>
    <${SessionTabs} id=${id} tab=${tab} />`;
  if (tab === "review")
    return html`<main class="session" aria-label=${`Session ${id}`}>
      ${top}
      <${ReviewView} session=${id} forgeReview=${brief?.forgeReview ?? false} />
    </main>`;
  return html`<main class="session" aria-label=${`Session ${id}`}>
    ${top}
    ${
      detail.exit !== null &&
      html`<section aria-label="Exit" class="exit">
        <h2>Agent exited${detail.exit.exitCode === null ? "" : ` (code ${detail.exit.exitCode})`}</h2>
        <pre>${detail.exit.lastLines.join("\n")}</pre>
      </section>`
    }
    <${TimelineChart} timeline=${detail.timeline} now=${now} />
    <${TerminalSection} card=${detail.card} />
    <div class="session-grid">
      <${TurnsSection} turns=${detail.turns} reactions=${detail.reactions} worktree=${detail.worktree} />
      <div class="session-side">
        <${PullRequestSection} pr=${detail.pr} />
        <${MergeRadarSection} card=${detail.card} conflicts=${detail.conflicts} queue=${detail.queue} />
        <${ReactionsSection} reactions=${detail.reactions} now=${now} />
      </div>
      <${EventsSection} events=${detail.events} />
    </div>
  </main>`;
}
