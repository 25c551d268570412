import type { FleetCard } from "../api/types.js";

/**
 * What the agent does now, as the cards and the supervision view show it. Pure, so tested without a
 * browser. The server's `activity.text` is what `ao status` says (`ended`, `unknown`, the agent's
 * word); an open turn says more (which turn state), so it comes first.
 */
export function activityText(card: FleetCard): string {
  if (card.activity.turn === "running") return "turn running";
  if (card.activity.turn === "queued") return "turn queued";
  const text = card.activity.text ?? "unknown";
  return text === "needs_input" ? "waiting for input" : text.replace(/_/g, " ");
}

/** The supervision view's dot: its colour (class) and its accessible name. */
export type AgentDot = "running" | "waiting" | "idle" | "unknown" | "ended";

/**
 * The dot of one agent and whether "Interrupt" has something to stop: an agent works when its turn
 * runs (the spawn's task is a turn too) or when its activity says `working` (a task whose turn ao
 * could not record still runs); `unknown` is said, never painted idle.
 */
export function agentDot(card: FleetCard): { dot: AgentDot; interruptible: boolean } {
  const text = card.activity.text ?? "unknown";
  if (text === "ended") return { dot: "ended", interruptible: false };
  if (card.activity.turn === "running" || text === "working") return { dot: "running", interruptible: true };
  if (text === "needs_input") return { dot: "waiting", interruptible: false };
  return { dot: text === "idle" ? "idle" : "unknown", interruptible: card.activity.turn === "queued" };
}
