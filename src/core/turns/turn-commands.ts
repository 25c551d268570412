import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import {
  closeStore,
  getSession,
  listTurns,
  openStore,
  reportOfTurn,
  requireSession,
  requireTurn,
  type Store,
  type Turn,
} from "../store/index.js";
import { advanceSession } from "./advance-turns.js";
import { answerQuestion, type AnswerOptions, type AnswerResult, type Verdict } from "./answer-question.js";
import { handOverSession, type HandOverResult } from "./hand-over.js";
import { interruptSession, type InterruptResult } from "./interrupt-turn.js";
import { cliResolver, type TurnContext } from "./turn-context.js";
import { turnOutcomeError } from "./turn-errors.js";
import { turnView, type TurnView } from "./turn-view.js";
import { waitForTurn } from "./wait-turn.js";

/**
 * The turn commands of the CLI (`ao turns`, `ao turns show|wait`, `ao session interrupt`, `ao approve`
 * and `ao deny`). Each
 * catches the session's open turn up with the agent's signals before it answers, so a turn whose
 * waiting `ao send` was killed still completes when somebody looks.
 */
export interface TurnCommandOptions {
  readonly configPath?: string | undefined;
}

/** A session's turns, oldest first (the newest `limit` of them). */
export async function listSessionTurns(
  ctx: AoContext,
  sessionId: string,
  options: TurnCommandOptions & { limit?: number | undefined } = {},
): Promise<{ session: string; turns: TurnView[] }> {
  return withTurns(ctx, options, async (tc) => {
    const known = getSession(tc.store, sessionId) !== undefined;
    if (!known && listTurns(tc.store, { sessionId, limit: 1 }).length === 0)
      requireSession(tc.store, sessionId);
    if (known) await catchUp(tc, sessionId);
    const turns = listTurns(tc.store, { sessionId, limit: options.limit });
    return {
      session: sessionId,
      turns: turns.map((turn) => turnView(turn, { report: reportOfTurn(tc.store, turn.id)?.text })),
    };
  });
}

/** One turn with its reply. */
export async function showTurn(
  ctx: AoContext,
  turnId: string,
  options: TurnCommandOptions = {},
): Promise<TurnView> {
  return withTurns(ctx, options, async (tc) => {
    const turn = requireTurn(tc.store, turnId);
    await catchUp(tc, turn.sessionId);
    return turnView(requireTurn(tc.store, turnId), {
      reply: true,
      report: reportOfTurn(tc.store, turnId)?.text,
    });
  });
}

/** Waits for a turn to end (in line, if it is still queued); rejects like `ao send --wait`. */
export async function waitTurn(
  ctx: AoContext,
  turnId: string,
  options: TurnCommandOptions & {
    timeoutMs: number;
    onProgress?: ((turn: Turn, ahead: Turn | undefined) => void) | undefined;
  },
): Promise<TurnView> {
  return withTurns(ctx, options, async (tc) => {
    requireTurn(tc.store, turnId);
    const waited = await waitForTurn(tc, turnId, { until: "ended", ...options });
    const view = turnView(waited.turn, { reply: true });
    const error = turnOutcomeError(waited, "ended", { turn: view });
    if (error !== undefined) throw error;
    return view;
  });
}

/** `ao session interrupt`. */
export async function interruptSessionTurn(
  ctx: AoContext,
  sessionId: string,
  options: TurnCommandOptions & { timeoutMs?: number | undefined } = {},
): Promise<InterruptResult> {
  return withTurns(ctx, options, (tc) => interruptSession(tc, sessionId, options));
}

/** `ao session takeover` / `handback` (hand-over.ts). */
export async function handOverSessionTurns(
  ctx: AoContext,
  sessionId: string,
  to: "tui" | "ao",
  options: TurnCommandOptions = {},
): Promise<HandOverResult> {
  return withTurns(ctx, options, (tc) => handOverSession(tc, sessionId, to));
}

/** `ao approve` / `ao deny`: answers the question the session's agent asks (answer-question.ts). */
export async function answerSessionQuestion(
  ctx: AoContext,
  sessionId: string,
  verdict: Verdict,
  options: TurnCommandOptions & AnswerOptions = {},
): Promise<AnswerResult> {
  return withTurns(ctx, options, (tc) => answerQuestion(tc, sessionId, verdict, options));
}

async function withTurns<T>(
  ctx: AoContext,
  options: TurnCommandOptions,
  run: (tc: TurnContext) => Promise<T>,
): Promise<T> {
  const store: Store = openStore(ctx);
  try {
    return await run({ ctx, store, agentOf: cliResolver(ctx, options.configPath) });
  } finally {
    closeStore(store);
  }
}

/** A look that fails (a plugin that does not load) must not hide the turns the store has. */
async function catchUp(tc: TurnContext, sessionId: string): Promise<void> {
  try {
    await advanceSession(tc, sessionId);
  } catch (error) {
    tc.ctx.logger.warn("could not catch the turns up", { session: sessionId, error: messageOf(error) });
    tc.ctx.stderr.write(`warning: ${sessionId}: the turns could not be caught up: ${messageOf(error)}\n`);
  }
}
