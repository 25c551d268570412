import type { PlanCardView } from "../api/plan-types.js";
import { html } from "./html.js";

type Step = PlanCardView["steps"][number];

const W = 170;
const H = 54;
const GAP_X = 60;
const GAP_Y = 24;

/** Each step's column: one more than its deepest need, so every edge points to the right. Pure. */
export function layoutSteps(steps: readonly Step[]): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>();
  for (const step of steps)
    depth.set(step.id, Math.max(-1, ...step.needs.map((id) => depth.get(id) ?? 0)) + 1);
  const rows = new Map<number, number>();
  const at = new Map<string, { x: number; y: number }>();
  for (const step of steps) {
    const column = depth.get(step.id) ?? 0;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    at.set(step.id, { x: 10 + column * (W + GAP_X), y: 10 + row * (H + GAP_Y) });
  }
  return at;
}

/**
 * The plan's DAG as SVG: a box per step coloured by its state (class `state-<state>`), arrows from
 * needs to steps, the critical path's boxes and arrows drawn thick (class `critical`). Clicking a
 * box selects it for the inspector.
 */
export function PlanDag({
  card,
  selected,
  select,
}: {
  card: PlanCardView;
  selected: string | null;
  select: (id: string) => void;
}) {
  const at = layoutSteps(card.steps);
  const width = Math.max(...[...at.values()].map((p) => p.x)) + W + 10;
  const height = Math.max(...[...at.values()].map((p) => p.y)) + H + 10;
  const onPath = new Set(card.criticalPath);
  const edges = card.steps.flatMap((step) =>
    step.needs.map((need) => ({
      from: need,
      to: step.id,
      critical: onPath.has(need) && onPath.has(step.id),
    })),
  );
  return html`<svg
    class="plan-dag"
    role="img"
    aria-label="Plan steps"
    viewBox=${`0 0 ${width} ${height}`}
    width=${width}
    height=${height}
  >
    <defs>
      <marker
        id="arrow"
        viewBox="0 0 10 10"
        refX="10"
        refY="5"
        markerWidth="7"
        markerHeight="7"
        orient="auto"
      >
        <path d="M0,0 L10,5 L0,10 z" />
      </marker>
    </defs>
    ${edges.map((edge) => {
      const a = at.get(edge.from);
      const b = at.get(edge.to);
      if (a === undefined || b === undefined) return null;
      return html`<line
        class=${edge.critical ? "edge critical" : "edge"}
        x1=${a.x + W}
        y1=${a.y + H / 2}
        x2=${b.x}
        y2=${b.y + H / 2}
        marker-end="url(#arrow)"
      />`;
    })}
    ${card.steps.map((step) => {
      const p = at.get(step.id)!;
      const classes = `node state-${step.state}${step.critical ? " critical" : ""}${selected === step.id ? " selected" : ""}`;
      return html`<g
        class=${classes}
        data-step=${step.id}
        data-state=${step.state}
        role="button"
        tabindex="0"
        aria-label=${`${step.id}: ${step.state}`}
        onClick=${() => select(step.id)}
      >
        <rect x=${p.x} y=${p.y} width=${W} height=${H} rx="6" />
        <text x=${p.x + 8} y=${p.y + 20}>${step.id} · ${step.state}</text>
        <text class="sub" x=${p.x + 8} y=${p.y + 40}>${step.title.slice(0, 24)}</text>
      </g>`;
    })}
  </svg>`;
}
