import type { FleetCard } from "../api/types.js";
import { activityText } from "./agent-state.js";
import { shortAge } from "./age.js";
import { conflictDetail, conflictText, diffText, dollars, holdText } from "./card-facts.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { QuestionBox } from "./question-box.js";

function ciText(card: FleetCard): string | null {
  const ci = card.pr?.ci;
  if (ci === null || ci === undefined) return null;
  return ci.failing.length > 0 ? `CI ${ci.state}: ${ci.failing.join(", ")}` : `CI ${ci.state}`;
}

function reviewText(card: FleetCard): string | null {
  const review = card.pr?.review;
  if (review === null || review === undefined) return null;
  const threads = review.unresolvedThreads > 0 ? `, ${review.unresolvedThreads} unresolved` : "";
  const decision = review.decision.replace(/_/g, " ").toLowerCase();
  return `${decision.startsWith("review") ? decision : `review ${decision}`}${threads}`;
}

/** Unknown is said, never shown as $0.00: an agent without records may have spent anything. */
function costText(card: FleetCard): string {
  const { cost } = card;
  if (cost === null || (cost.usd === null && cost.tokens === null)) return "cost unknown";
  if (cost.usd === null) return `${String(cost.tokens)} tokens, price unknown`;
  return `${dollars(cost.usd)}${cost.unpricedTokens > 0 ? " + unpriced tokens" : ""}`;
}

/** When the agent was last seen working, or that it never was. */
function activeText(card: FleetCard, now: number): string {
  return card.lastActivityAt === null
    ? "no activity seen"
    : `active ${shortAge(card.lastActivityAt, now)} ago`;
}

/**
 * One session on the fleet page, labelled with its id (tests and screen readers find it by that):
 * what it is, what it does, its PR, and why it sits in its column with how old that knowledge is.
 */
export function SessionCard({ card, now }: { card: FleetCard; now: number }) {
  const facts = [diffText(card.diff), ciText(card), reviewText(card), costText(card)].filter(
    (fact) => fact !== null,
  );
  const hold = holdText(card.hold, now);
  const age = card.dataAgeMs === null ? "never observed" : `data ${shortAge(card.observedAt, now)} old`;
  return html`<article class=${`card zone-${card.zone}`} aria-label=${card.id} data-status=${card.status}>
    <header>
      <a class="card-id" href=${routeHref({ page: "session", id: card.id })}>${card.id}</a>
      <span class=${`status status-${card.status}`}>${card.status.replace(/_/g, " ")}</span>
    </header>
    <div class="card-title">${card.title ?? card.issue ?? "(free-text task)"}</div>
    <div class="card-meta">
      <span title="branch">${card.branch}</span>${" · "}<span>${card.agent}</span>${" · "}<span
        class=${`activity turn-${card.activity.turn}`}
        >${activityText(card)}</span
      >
    </div>
    ${
      card.pr !== null &&
      html`<div class="card-pr">
        ${card.pr.url === null ? html`<span>PR #${card.pr.number}</span>` : html`<a href=${card.pr.url} target="_blank" rel="noopener noreferrer">PR #${card.pr.number}</a>`}
        ${facts.length > 0 && html` · ${facts.join(" · ")}`}
      </div>`
    }
    ${card.pr === null && facts.length > 0 && html`<div class="card-pr">${facts.join(" · ")}</div>`}
    ${card.zone === "needs-you" && html`<div class="card-urgency">${card.urgency.reason}</div>`}
    <${QuestionBox} card=${card} />
    ${hold !== null && html`<div class="card-hold">${hold}</div>`}
    ${(card.conflicts ?? []).map(
      (brief) =>
        html`<div class=${`card-${brief.kind}`} title=${conflictDetail(brief)}>${conflictText(brief)}</div>`,
    )}
    <div class="card-why" title=${card.why.type}>${card.why.summary}</div>
    ${
      card.workspaceMissing !== null &&
      html`<div
        class="card-warning"
        title=${`the agent still runs; stop it with: ao session kill ${card.id}`}
      >
        workspace removed behind ao's back: ${card.workspaceMissing.worktree}
      </div>`
    }
    <footer class="card-age">${`${age} · ${activeText(card, now)}`}</footer>
  </article>`;
}
