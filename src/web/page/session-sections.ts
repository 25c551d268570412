import type { EventEntry, PullRequestDetail, ReactionDetail } from "../api/types.js";
import { shortAge } from "./age.js";
import { summarise } from "./answers.js";
import { localTime } from "./local-time.js";
import { html } from "./html.js";

/**
 * The session page's read-only sections. Every text that came from outside (log tails, review
 * bodies, replies) is rendered as text by Preact, never as HTML.
 */
export function PullRequestSection({ pr }: { pr: PullRequestDetail | null }) {
  if (pr === null)
    return html`<section aria-label="Pull request">
      <h2>Pull request</h2>
      <p class="empty">No PR yet.</p>
    </section>`;
  return html`<section aria-label="Pull request">
    <h2>
      Pull request
      ${pr.url === null ? `#${pr.number}` : html`<a href=${pr.url} target="_blank" rel="noopener noreferrer">#${pr.number}</a>`}
    </h2>
    <p>${prSummary(pr)}</p>
    ${
      pr.failing.length > 0 &&
      html`<h3>Failing checks</h3>
        ${pr.failing.map(
          (check) =>
            html`<details class="check" open>
              <summary>
                ${check.url === null ? check.name : html`<a href=${check.url} target="_blank" rel="noopener noreferrer">${check.name}</a>`}
              </summary>
              <pre class="log-tail">${check.logTail ?? "(no log tail)"}</pre>
            </details>`,
        )}`
    }
    <h3>Review threads</h3>
    ${
      pr.threads.length === 0
        ? html`<p class="empty">No unresolved threads.</p>`
        : html`<ul class="threads">
            ${pr.threads.map(
              (thread) =>
                html`<li>
                  <div class="thread-head">
                    ${thread.author}${thread.isBot ? " (bot)" : ""} ·
                    ${thread.path ?? "PR"}${thread.line === null ? "" : `:${thread.line}`}
                  </div>
                  <pre class="thread-body">${thread.body}</pre>
                </li>`,
            )}
          </ul>`
    }
    ${
      pr.withheld !== null &&
      html`<p class="note">
        ${pr.withheld.threads} thread(s) withheld from the agent (untrusted authors:
        ${pr.withheld.authors.join(", ")}).
      </p>`
    }
  </section>`;
}

/** One line: title, state, CI, review decision, conflicts, mergeable. */
function prSummary(pr: PullRequestDetail): string {
  const parts = [
    pr.title,
    pr.state ?? "not observed",
    `CI ${pr.ci?.state ?? "unknown"}`,
    `review ${(pr.review?.decision ?? "unknown").replace(/_/g, " ").toLowerCase()}`,
    pr.conflicts ? "merge conflicts" : null,
    pr.mergeable === true ? "mergeable" : null,
  ];
  return parts.filter((part) => part !== null && part !== "").join(" · ");
}

export function ReactionsSection({ reactions, now }: { reactions: ReactionDetail[]; now: number }) {
  return html`<section aria-label="Reactions">
    <h2>Reactions</h2>
    ${
      reactions.length === 0
        ? html`<p class="empty">None.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>reaction</th>
                <th>status</th>
                <th>attempts</th>
                <th>updated</th>
                <th>last error</th>
              </tr>
            </thead>
            <tbody>
              ${reactions.map(
                (reaction) =>
                  html`<tr>
                    <td>${reaction.key}</td>
                    <td>${reaction.status}</td>
                    <td>${reaction.attempts}</td>
                    <td>${shortAge(reaction.updatedAt, now)} ago</td>
                    <td>${reaction.lastError ?? ""}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
  </section>`;
}

export function EventsSection({ events }: { events: EventEntry[] }) {
  return html`<section aria-label="Events">
    <h2>Events</h2>
    <ol class="events">
      ${[...events]
        .reverse()
        .map(
          (event) =>
            html`<li>
              <code>#${event.id}</code>${" "}<time datetime=${event.at} title=${event.at}
                >${localTime(event.at)}</time
              >${" "} <strong>${event.type}</strong>${" "}<span class="payload"
                >${summarise(event.payload, event.type)}</span
              >
            </li>`,
        )}
    </ol>
  </section>`;
}
