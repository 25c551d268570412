import { messageOf } from "../errors.js";
import type { Agent, AgentTurns, Liveness, TurnCursorProbe, TurnSignal } from "../slots/index.js";
import type { Turn } from "../store/index.js";
import { screenTurns } from "./screen-turns.js";
import type { SessionAgent } from "./turn-context.js";

/** Screen plus scrollback read for turns: enough to hold a reply and the message's echo. */
const TURN_SCREEN_LINES = 200;

/** What the runtime says about the session now: liveness, and the screen when it can capture one. */
export interface SessionLook {
  readonly liveness: Liveness;
  readonly screen?: string | undefined;
}

/**
 * Never throws: a probe that failed is `unknown`, a screen that could not be read is absent.
 * `screen: false` asks only whether the agent runs.
 */
export async function lookAt(sa: SessionAgent, options: { screen?: boolean } = {}): Promise<SessionLook> {
  const liveness = await sa.runtime
    .liveness(sa.handle)
    .catch((error: unknown): Liveness => ({ state: "unknown", reason: messageOf(error) }));
  // A dead pane or a process log still shows the agent's last words, so the screen is read anyway.
  const screen =
    options.screen === false || sa.runtime.capture === undefined || liveness.state === "unknown"
      ? undefined
      : await sa.runtime.capture(sa.handle, { lines: TURN_SCREEN_LINES }).catch(() => undefined);
  return screen === undefined ? { liveness } : { liveness, screen };
}

/** The probe an agent gets before delivery (and, with more fields, while the turn is open). */
export function cursorProbe(sa: SessionAgent, look: SessionLook): TurnCursorProbe {
  return {
    sessionId: sa.session.id,
    worktree: sa.session.worktree,
    liveness: look.liveness,
    ...(look.screen === undefined ? {} : { screen: look.screen }),
    ...(sa.session.agentSessionId === null ? {} : { agentSessionId: sa.session.agentSessionId }),
  };
}

/**
 * The agent's own turn capability, else core's screen-stability observer over its `activity`. An
 * agent that observes turns without a cursor of its own starts from the empty cursor.
 */
export function turnsOf(sa: SessionAgent): Required<Pick<AgentTurns, "turnCursor" | "observeTurn">> {
  return turnsOfAgent(sa.agent);
}

/** The same, for an agent not yet running in a session (the cursor of a spawn's first prompt). */
export function turnsOfAgent(agent: Agent): Required<Pick<AgentTurns, "turnCursor" | "observeTurn">> {
  if (agent.observeTurn === undefined) return screenTurns((probe) => agent.activity(probe));
  return {
    turnCursor: agent.turnCursor === undefined ? () => Promise.resolve("") : agent.turnCursor.bind(agent),
    observeTurn: agent.observeTurn.bind(agent),
  };
}

/** What the agent's signals after the turn's cursor say now. */
export function readSignal(
  sa: SessionAgent,
  turn: Turn,
  look: SessionLook,
  now: number,
): Promise<TurnSignal> {
  return turnsOf(sa).observeTurn({
    ...cursorProbe(sa, look),
    cursor: turn.cursor ?? "",
    message: turn.message,
    deliveredAt: turn.deliveredAt ?? turn.claimedAt ?? turn.queuedAt,
    now,
  });
}
