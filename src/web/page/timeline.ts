import type { Timeline, TimelineSpan } from "../api/types.js";
import { html } from "./html.js";
import { TimelineLegend } from "./timeline-legend.js";
import { LABEL, WIDTH, xOf } from "./timeline-scale.js";

const ROW = 26;

/** Colour classes by state: the CSS gives them colours, the SVG stays plain. */
function stateClass(state: string): string {
  return `tl-${state.replace(/[^a-z_]/gi, "")}`;
}

function Spans({
  spans,
  y,
  timeline,
  now,
}: {
  spans: TimelineSpan<string>[];
  y: number;
  timeline: Timeline;
  now: number;
}) {
  return spans.map((span) => {
    const x = xOf(span.start, timeline, now);
    const x2 = xOf(span.end ?? timeline.end, timeline, now);
    return html`<rect
      class=${stateClass(span.state)}
      x=${x}
      y=${y}
      width=${Math.max(2, x2 - x)}
      height=${ROW - 8}
      rx="3"
    >
      <title>
        ${span.label} (${span.state}) from
        ${span.start}${span.end === null ? " until now" : ` to ${span.end}`}
      </title>
    </rect>`;
  });
}

/**
 * The session's history as a picture: one row of statuses, one of turns, and a row of marks for
 * reactions and other events, on a shared time axis, with a legend of its colours. Hover (the SVG
 * titles) gives exact times.
 */
export function TimelineChart({ timeline, now }: { timeline: Timeline; now: number }) {
  const height = ROW * 3 + 18;
  return html`<figure class="timeline">
    <svg viewBox=${`0 0 ${WIDTH} ${height}`} role="img" aria-label="Timeline of states, turns and reactions">
      <text x="0" y=${ROW - 12} class="tl-label">states</text>
      <text x="0" y=${2 * ROW - 12} class="tl-label">turns</text>
      <text x="0" y=${3 * ROW - 12} class="tl-label">reactions</text>
      <${Spans} spans=${timeline.statuses} y=${4} timeline=${timeline} now=${now} />
      <${Spans} spans=${timeline.turns} y=${ROW + 4} timeline=${timeline} now=${now} />
      ${timeline.marks.map(
        (mark) =>
          html`<circle
            class=${`${stateClass(mark.state)} tl-mark-${mark.kind}`}
            cx=${xOf(mark.at, timeline, now)}
            cy=${2 * ROW + 13}
            r="5"
          >
            <title>${mark.label} (${mark.state}) at ${mark.at}</title>
          </circle>`,
      )}
      <text x=${LABEL} y=${height - 2} class="tl-axis">${new Date(timeline.start).toLocaleTimeString()}</text>
      <text x=${WIDTH - 4} y=${height - 2} class="tl-axis" text-anchor="end">
        ${new Date(timeline.end).toLocaleTimeString()}
      </text>
    </svg>
    <figcaption>
      ${timeline.statuses.length} states · ${timeline.turns.length} turns · ${timeline.marks.length} marks
      <${TimelineLegend} />
    </figcaption>
  </figure>`;
}
