import type { AoConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { DeliveryResult } from "../slots/index.js";
import { closeStore, openStore, openTurnOf, type Turn } from "../store/index.js";
import { giveTurn } from "../turns/give-turn.js";
import { cliResolver, type TurnContext } from "../turns/turn-context.js";
import { turnOutcomeError } from "../turns/turn-errors.js";
import { turnView, type TurnView } from "../turns/turn-view.js";
import { waitForTurn, type WaitResult } from "../turns/wait-turn.js";
import { messageText, type MessageSource } from "./message-text.js";

/**
 * How long `ao send` stays with its turn. `delivered` (plain `ao send`): waits in line behind the
 * session's open turn, delivers, and returns once the runtime confirmed it. `ended` (`--wait`):
 * then waits for the agent to finish it, for the reply. `queued` (`--no-wait`): delivers at once,
 * without waiting for the agent to react, when the session is free; else leaves the turn queued.
 */
export type SendWait = "delivered" | "ended" | "queued";

export interface SendOptions {
  configPath?: string | undefined;
  /** Default `delivered`. */
  wait?: SendWait | undefined;
  /** How long to wait in line and (with `ended`) for the reply. Default 10 minutes. */
  timeoutMs?: number | undefined;
  pollMs?: number | undefined;
  /** Told when the turn moves, or the turn ahead of it does (for progress on stderr). */
  onProgress?: ((turn: Turn, ahead: Turn | undefined) => void) | undefined;
  /** Tests pass their own. */
  sleep?: ((ms: number) => Promise<unknown>) | undefined;
  /** Give the turn although the session is over budget (recorded as `budget.overridden`). */
  overBudget?: boolean | undefined;
  /** Told the turn's id once the message is one (a Ctrl-C from then on names it). */
  onGiven?: ((turnId: string) => void) | undefined;
}

export interface SendResult {
  session: string;
  /** The turn the message became, as it is now; `reply` is there with wait `ended`. */
  turn: TurnView;
  /** The runtime saw the agent take the message (with `queued`, only a pipe can tell). */
  confirmed: boolean;
  /** The text arrived and was submitted. */
  submitted: boolean;
  /** False with wait `queued`: ao did not wait for the agent to react, nor in line. */
  waited: boolean;
  /** How many times submit was pressed (the text is pasted once); 0 while queued. */
  attempts: number;
  /** UTF-8 bytes of the message. */
  bytes: number;
  sha256: string;
  /** With wait `queued`: the open turn it waits behind. */
  queuedBehind?: string | undefined;
}

const DEFAULT_SEND_TIMEOUT_MS = 10 * 60_000;

/**
 * Gives a session's agent a turn: the text becomes a queued turn (only its length and hash enter
 * the event log: messages may quote review comments or secrets), delivered through the runtime
 * (paste once, submit, confirm) when the session has no other turn open. Rejects with
 * E_NOT_DELIVERED when the runtime could not confirm the agent took it; with wait `ended`, with
 * E_TURN_FAILED when the turn did not complete and E_TURN_TIMEOUT when the deadline came first,
 * naming the turn, which goes on without the caller.
 */
export async function sendMessage(
  ctx: AoContext,
  id: string,
  source: MessageSource,
  options: SendOptions = {},
): Promise<SendResult> {
  const text = await messageText(ctx, source);
  const store = openStore(ctx);
  try {
    const tc: TurnContext = {
      ctx,
      store,
      agentOf: cliResolver(ctx, options.configPath),
      config: await configForGates(ctx, options.configPath),
      sleep: options.sleep,
    };
    const given = await giveTurn(tc, { sessionId: id, text, origin: "cli", overBudget: options.overBudget });
    options.onGiven?.(given.id);
    const wait = options.wait ?? "delivered";
    const waited = await waitForTurn(tc, given.id, {
      until: wait === "ended" ? "ended" : "delivered",
      timeoutMs: wait === "queued" ? 0 : (options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS),
      pollMs: options.pollMs,
      onProgress: wait === "queued" ? undefined : options.onProgress,
      ...(wait === "queued" ? { confirm: false } : {}),
    });
    const result = sendResult(tc, waited, wait);
    checkOutcome(result, waited, wait);
    return result;
  } finally {
    closeStore(store);
  }
}

function sendResult(tc: TurnContext, waited: WaitResult, wait: SendWait): SendResult {
  const turn = waited.turn;
  const delivery: Partial<DeliveryResult> = waited.delivery ?? {};
  const ahead = turn.status === "queued" ? openTurnOf(tc.store, turn.sessionId) : undefined;
  return {
    session: turn.sessionId,
    turn: turnView(turn, { reply: wait === "ended" }),
    confirmed: delivery.confirmed ?? turn.deliveredAt !== null,
    submitted: delivery.submitted ?? delivery.confirmed ?? turn.deliveredAt !== null,
    waited: wait !== "queued",
    attempts: delivery.attempts ?? 0,
    bytes: turn.message.bytes,
    sha256: turn.message.sha256,
    ...(ahead === undefined ? {} : { queuedBehind: ahead.id }),
  };
}

function checkOutcome(result: SendResult, waited: WaitResult, wait: SendWait): void {
  const details = result as unknown as Record<string, unknown>;
  if (waited.agentDown !== undefined) throw agentDown(waited.turn, details);
  // --no-wait returns at once by design: a turn left queued is its answer, not a timeout.
  const seen = wait === "queued" ? { ...waited, timedOut: false } : waited;
  const error = turnOutcomeError(seen, wait === "ended" ? "ended" : "delivered", details);
  if (error !== undefined) throw error;
}

function agentDown(turn: Turn, details: Record<string, unknown>): AoError {
  return new AoError("E_NOT_FOUND", `${turn.sessionId} is not running; ${turn.id} stays queued`, {
    hint: `bring it back with \`ao session restore ${turn.sessionId}\`; the turn is delivered then`,
    details,
  });
}

/**
 * The configuration the budget gate reads. A send works without one (a session outlives its file),
 * and then only the usage limit, which needs no configuration, is checked.
 */
async function configForGates(ctx: AoContext, configPath: string | undefined): Promise<AoConfig | undefined> {
  const { loadConfig } = await import("../config/load-config.js");
  return loadConfig(ctx, { configPath }).then(
    (loaded) => loaded.config,
    () => undefined,
  );
}
