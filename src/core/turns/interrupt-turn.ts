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
/** How long the agent must stay idle after the keys before ao believes it. */
const SETTLE_MS = 750;
/** Rounds of keys: the running turn, then what the agent had queued behind it. */
const MAX_ROUNDS = 3;

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
  const { activity, pressed } = await pressUntilIdle(tc, sa, press, open, options);
  const turn = activity === "idle" && open !== undefined ? await settle(tc, open) : open;
  return { session: sessionId, turn, keys: pressed, idle: activity === "idle", activity };
}

/**
 * The agent's keys, one after another, until it is idle — and stays idle for a moment. An agent
 * that queued the message of the open turn behind the work it was on (Claude Code does, with a
 * message sent while it worked) starts that one as soon as the work stops: seen by the turn
 * starting, it gets the keys again, so "idle" means the agent has nothing left to do.
 */
async function pressUntilIdle(
  tc: TurnContext,
  sa: SessionAgent,
  press: NonNullable<SessionAgent["runtime"]["press"]>,
  open: Turn | undefined,
  options: InterruptOptions,
): Promise<{ activity: AgentActivity; pressed: RuntimeKey[] }> {
  const keys = [...(sa.agent.interruptKeys ?? DEFAULT_KEYS)];
  const wait = {
    timeoutMs: (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / keys.length,
    pollMs: options.pollMs ?? DEFAULT_POLL_MS,
  };
  const pressed: RuntimeKey[] = [];
  let activity = await activityOf(sa);
  // What the agent shows now: a turn it started already is not one it has queued.
  const now = open === undefined ? undefined : await observeTurn(tc, open);
  let queued = now?.status === "running" && now.startedAt === null ? now : undefined;
  for (let round = 0; round < MAX_ROUNDS && activity !== "idle"; round++) {
    let restarted = false;
    for (const key of keys) {
      await press(sa.handle, key);
      pressed.push(key);
      const after = await untilIdle(tc, sa, queued, wait);
      activity = after.activity;
      restarted = after.started;
      if (activity === "idle" || restarted) break;
    }
    if (restarted) queued = undefined;
    else if (activity === "idle") activity = await stillIdle(tc, sa, wait.pollMs);
    else break;
  }
  return { activity, pressed };
}

/** Idle a moment later too (an agent may start what it had queued as soon as its work stopped). */
async function stillIdle(tc: TurnContext, sa: SessionAgent, pollMs: number): Promise<AgentActivity> {
  await (tc.sleep ?? sleepMs)(Math.max(SETTLE_MS, 2 * pollMs));
  return activityOf(sa);
}

/** The agent's signals may have ended the turn (it finished, or says it was interrupted); else ao does. */
async function settle(tc: TurnContext, open: Turn): Promise<Turn> {
  const seen = await observeTurn(tc, requireTurn(tc.store, open.id));
  return seen.status === "running" ? endRunningTurn(tc.store, seen, "interrupted", null) : seen;
}

/** Polls until the agent is idle, the deadline passes, or the queued turn started (`started`). */
async function untilIdle(
  tc: TurnContext,
  sa: SessionAgent,
  queued: Turn | undefined,
  wait: { timeoutMs: number; pollMs: number },
): Promise<{ activity: AgentActivity; started: boolean }> {
  const deadline = tc.ctx.clock.now() + wait.timeoutMs;
  const sleep = tc.sleep ?? sleepMs;
  for (;;) {
    await sleep(wait.pollMs);
    const activity = await activityOf(sa);
    const started =
      queued !== undefined && (await observeTurn(tc, requireTurn(tc.store, queued.id))).startedAt !== null;
    if (activity === "idle" || activity === "exited" || started || tc.ctx.clock.now() >= deadline)
      return { activity, started };
  }
}

async function activityOf(sa: SessionAgent): Promise<AgentActivity> {
  const look = await lookAt(sa);
  const report = await sa.agent
    .activity(cursorProbe(sa, look))
    .catch(() => ({ activity: "unknown" as const }));
  return report.activity;
}
