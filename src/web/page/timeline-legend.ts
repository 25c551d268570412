import { html } from "./html.js";

/** The timeline's colours, each with a state class the stylesheet fills and what it means in words. */
const ENTRIES: { state: string; words: string }[] = [
  { state: "working", words: "working, a turn running" },
  { state: "idle", words: "idle, a turn done" },
  { state: "pr_open", words: "pull request open, in review" },
  { state: "needs_input", words: "needs a person, CI failed, a turn failed" },
  { state: "mergeable", words: "mergeable, merged" },
  { state: "exited", words: "ended, other" },
];

/**
 * What the timeline's colours and dots mean, under the chart: a person reading the picture should
 * not have to hover every bar to learn that red is "needs a person".
 */
export function TimelineLegend() {
  return html`<ul class="tl-legend" aria-label="Timeline legend">
    ${ENTRIES.map(
      (entry) =>
        html`<li>
          <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
            <rect class=${`tl-${entry.state}`} width="10" height="10" rx="2" />
          </svg>
          ${entry.words}
        </li>`,
    )}
    <li>
      <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" /></svg>
      a reaction or another event (a dot on the third row)
    </li>
  </ul>`;
}
