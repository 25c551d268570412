import type { AoContext } from "../context.js";
import { sendMessage } from "../sessions/send-message.js";
import { statement, type Reaction, type Session, type Store } from "../store/index.js";
import { agentScreen, submitAgentInput } from "./agent-screen.js";
import type { LifecycleEngine } from "./engine.js";
import type { ReactionOutcome } from "./perform-reaction.js";

/** How far back the screen is searched for an interrupted delivery's marker. */
const MARKER_SEARCH_LINES = 400;

/** The last line of every message ao sends for a reaction: how a repeated attempt recognises its own paste. */
export function deliveryMarker(reaction: Pick<Reaction, "id">): string {
  return `[ao reaction ${reaction.id}]`;
}

/**
 * send-to-agent, at least once and at most once as far as ao can tell. When the previous attempt
 * was interrupted (its `reaction.delivering` has no outcome: the daemon died between the paste and
 * marking it done), the agent's screen is searched for this reaction's marker first, and a message
 * already there is not pasted again. Enter is pressed once all the same: the daemon may have died
 * between the paste and Enter, leaving the text unsubmitted in the agent's input box, and telling
 * an input box from a submitted turn on the screen differs per agent, while an extra Enter on an
 * empty prompt is harmless. A screen that does not show the marker (a TUI that folds long pastes,
 * scrollback gone) cannot prove anything, so the message is sent again: that one repeat is the
 * documented limit of "exactly once" (docs/lifecycle.md).
 */
export async function deliverToAgent(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  session: Session,
  body: string,
): Promise<ReactionOutcome> {
  const marker = deliveryMarker(reaction);
  if (reaction.attempts > 1 && wasInterrupted(engine.store, reaction)) {
    const screen = await agentScreen(ctx, engine, session, MARKER_SEARCH_LINES);
    if (screen?.split("\n").some((line) => line.trim() === marker) === true) {
      const submitted = await submitAgentInput(ctx, engine, session);
      return {
        kind: "done",
        detail: { recovered: "the interrupted attempt had reached the agent", submitted },
      };
    }
  }
  const sent = await sendMessage(
    ctx,
    session.id,
    { text: `${body}\n\n${marker}` },
    { configPath: engine.config.path },
  );
  return { kind: "done", detail: { bytes: sent.bytes, sha256: sent.sha256 } };
}

/** The attempt before this one was claimed and never settled (delivering → released by the daemon). */
function wasInterrupted(store: Store, reaction: Reaction): boolean {
  const rows = statement(
    store,
    `SELECT type FROM events WHERE session_id IS ? AND type LIKE 'reaction.%'
       AND json_extract(payload, '$.dedupeKey') = ? ORDER BY id DESC LIMIT 2`,
  ).all(reaction.sessionId, reaction.dedupeKey) as { type: string }[];
  return rows.length === 2 && rows.every((row) => row.type === "reaction.delivering");
}
