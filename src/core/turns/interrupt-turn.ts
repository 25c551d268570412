import { setTimeout as sleepMs } from "node:timers/promises";
import { AoError } from "../errors.js";
import type { AgentActivity, RuntimeKey } from "../slots/index.js";
import { openTurnOf, requireSession, requireTurn, type Turn } from "../store/index.js";
import { endRunningTurn } from "./apply-signal.js";
import { observeTurn } from "./observe-turn.js";
import { cursorProbe, lookAt } from "./read-signal.js";
import type { SessionAgent, TurnContext } from "./turn-context.js";

export interface InterruptOptions {
  /** How long the agent may take to be idle again after the keys. */
  readonly timeoutMs?: number | undefined;
  readonly pollMs?: number | undefined;
}

export interface InterruptResult {
  readonly session: string;
  /** The turn that was open, as it is now (interrupted, or ended on its own meanwhile). */
  readonly turn: Turn | undefined;
  /** The keys pressed, in order; none when the agent was idle already. */
  readonly keys: RuntimeKey[];
  readonly idle: boolean;
  /** The agent's activity at the end. */
  readonly activity: AgentActivity;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_MS = 250;
const DEFAULT_KEYS: readonly RuntimeKey[] = ["C-c"];

/**
 * Stops what the agent is doing the way it expects: its `interruptKeys` (default Ctrl-C) pressed
 * one after another through `runtime.press` until it is idle, then its open turn is `interrupted`
 * (unless its signals ended it first). `idle: false` says the agent did not become idle in time;
 * the turn then stays open. An agent that is idle already gets no key at all.
 */
export async function interruptSession(
  tc: TurnContext,
  sessionId: string,
  options: InterruptOptions = {},
): Promise<InterruptResult> {
  const sa = await tc.agentOf(requireSession(tc.store, sessionId));
  const press = sa.runtime.press?.bind(sa.runtime);
  if (press === undefined)
    throw new AoError(
      "E_SESSION_STATE",
      `the ${sa.session.runtime} runtime of ${sessionId} cannot press keys`,
      {
        hint: `attach with \`ao session attach ${sessionId}\` and interrupt the agent by hand`,
      },
    );
  const open = openTurnOf(tc.store, sessionId);
  const keys = [...(sa.agent.interruptKeys ?? DEFAULT_KEYS)];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pressed: RuntimeKey[] = [];
  let activity = await activityOf(sa);
  for (const key of activity === "idle" ? [] : keys) {
    await press(sa.handle, key);
    pressed.push(key);
    activity = await untilIdle(tc, sa, timeoutMs / keys.length, options.pollMs ?? DEFAULT_POLL_MS);
    if (activity === "idle") break;
  }
  const turn = activity === "idle" && open !== undefined ? await settle(tc, open) : open;
  return { session: sessionId, turn, keys: pressed, idle: activity === "idle", activity };
}

/** The agent's signals may have ended the turn (it finished, or says it was interrupted); else ao does. */
async function settle(tc: TurnContext, open: Turn): Promise<Turn> {
  const seen = await observeTurn(tc, requireTurn(tc.store, open.id));
  return seen.status === "running" ? endRunningTurn(tc.store, seen, "interrupted", null) : seen;
}

async function untilIdle(
  tc: TurnContext,
  sa: SessionAgent,
  timeoutMs: number,
  pollMs: number,
): Promise<AgentActivity> {
  const deadline = tc.ctx.clock.now() + timeoutMs;
  const sleep = tc.sleep ?? sleepMs;
  for (;;) {
    await sleep(pollMs);
    const activity = await activityOf(sa);
    if (activity === "idle" || activity === "exited" || tc.ctx.clock.now() >= deadline) return activity;
  }
}

async function activityOf(sa: SessionAgent): Promise<AgentActivity> {
  const look = await lookAt(sa);
  const report = await sa.agent
    .activity(cursorProbe(sa, look))
    .catch(() => ({ activity: "unknown" as const }));
  return report.activity;
}
