import type { Timeline } from "../api/types.js";

/** The timeline's drawing: viewBox width, and the room kept on the left for the row labels. */
export const WIDTH = 800;
export const LABEL = 70;

/** Where a moment falls on the drawing's x axis (clamped to the timeline's range). */
export function xOf(at: string, timeline: Pick<Timeline, "start" | "end">, now: number): number {
  const start = Date.parse(timeline.start);
  const end = Math.max(Date.parse(timeline.end), start + 1);
  const t = Math.min(Math.max(Date.parse(at) || now, start), end);
  return LABEL + ((t - start) / (end - start)) * (WIDTH - LABEL - 4);
}
