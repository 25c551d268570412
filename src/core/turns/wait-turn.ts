import { setTimeout as sleepMs } from "node:timers/promises";
import type { DeliveryResult, Liveness } from "../slots/index.js";
import { ENDED_TURN_STATUSES } from "../slots/index.js";
import { openTurnOf, requireTurn, type Turn } from "../store/index.js";
import { advanceSession } from "./advance-turns.js";
import type { TurnContext } from "./turn-context.js";

export interface WaitOptions {
  /** `delivered`: until the runtime took it (plain `ao send`); `ended`: until the agent finished it. */
  readonly until: "delivered" | "ended";
  readonly timeoutMs: number;
  /** Between looks at the agent. */
  readonly pollMs?: number | undefined;
  /** Default true; false: deliver without waiting for the agent to react (`ao send --no-wait`). */
  readonly confirm?: boolean | undefined;
  /** Told whenever what the wait is waiting for changes: the turn's status, or the turn ahead of it. */
  readonly onProgress?: ((turn: Turn, ahead: Turn | undefined) => void) | undefined;
  /** Asked each round while the turn runs: true ends the wait early (the agent asks a question). */
  readonly stopWhen?: ((turn: Turn) => Promise<boolean>) | undefined;
}

export interface WaitResult {
  readonly turn: Turn;
  /** What the runtime said, when this wait delivered the turn itself. */
  readonly delivery?: DeliveryResult | undefined;
  /** The deadline passed first; the turn goes on without the wait (the daemon carries it on). */
  readonly timedOut: boolean;
  /** The turn is still queued because its agent is not running (it waits for a restore). */
  readonly agentDown?: Liveness | undefined;
  /** The turn is still queued because a person took the session over (it waits for the handback). */
  readonly takenOver?: string | undefined;
  /** `stopWhen` held: the turn goes on, the wait ended. */
  readonly stopped?: boolean | undefined;
}

const DEFAULT_POLL_MS = 500;

function isEnded(turn: Pick<Turn, "status">): boolean {
  return (ENDED_TURN_STATUSES as readonly string[]).includes(turn.status);
}

/**
 * Waits for a turn, bounded: each round catches the session's turns up (the open one observed,
 * the next queued one delivered once the session is free, by this process unless another got there
 * first), until the turn reached what `until` asks or the deadline passed. Killing the waiting
 * process loses nothing: the turn is in the store, and `ao turns` or the daemon carry it on.
 */
export async function waitForTurn(
  tc: TurnContext,
  turnId: string,
  options: WaitOptions,
): Promise<WaitResult> {
  const deadline = tc.ctx.clock.now() + options.timeoutMs;
  const sleep = tc.sleep ?? sleepMs;
  let delivery: DeliveryResult | undefined;
  let told = "";
  for (;;) {
    let turn = requireTurn(tc.store, turnId);
    if (!done(turn, options.until)) {
      const attempt = await advanceSession(tc, turn.sessionId, { deliver: true, confirm: options.confirm });
      if (attempt.kind === "delivered" && attempt.turn.id === turnId) delivery = attempt.delivery;
      turn = requireTurn(tc.store, turnId);
      if (attempt.kind === "agent_down" && turn.status === "queued")
        return { turn, delivery, timedOut: false, agentDown: attempt.liveness };
      if (attempt.kind === "taken_over" && turn.status === "queued")
        return { turn, delivery, timedOut: false, takenOver: attempt.words };
    }
    if (done(turn, options.until)) return { turn, delivery, timedOut: false };
    if (turn.status === "running" && (await options.stopWhen?.(turn)) === true)
      return { turn, delivery, timedOut: false, stopped: true };
    const ahead = turn.status === "queued" ? openTurnOf(tc.store, turn.sessionId) : undefined;
    const state = `${turn.status}:${ahead?.id ?? ""}:${ahead?.status ?? ""}`;
    if (state !== told) options.onProgress?.(turn, ahead);
    told = state;
    if (tc.ctx.clock.now() >= deadline) return { turn, delivery, timedOut: true };
    await sleep(Math.max(1, Math.min(options.pollMs ?? DEFAULT_POLL_MS, deadline - tc.ctx.clock.now())));
  }
}

function done(turn: Turn, until: WaitOptions["until"]): boolean {
  if (isEnded(turn)) return true;
  return until === "delivered" && turn.status === "running";
}
