import type { Agent, AgentTurns, TurnCursorProbe, TurnProbe, TurnSignal } from "../slots/index.js";
import { lineHash, messageLineHashes, replyFromScreen, screenHash } from "./screen-reply.js";

/**
 * The screen-stability observer: the weakest turn signal, for agents whose CLI has no hooks or
 * transcript (aider, the `command` agent, external plugins). A turn has started once the screen
 * changed after delivery or the agent was seen working (a spawn's task: when the agent started);
 * it has ended once the agent is not working and the screen stood still for `quietMs`. The reply is what appeared on the screen after the
 * message. Core uses it for every agent without `observeTurn`; plugins may build on it.
 */
export interface ScreenTurnOptions {
  /** How long the screen must stand still, the agent not working, for the turn to count as ended. */
  readonly quietMs?: number | undefined;
  /** A screen line matching this ends the turn as `failed`, the matching lines being the agent's words. */
  readonly failurePattern?: RegExp | undefined;
}

export const DEFAULT_QUIET_MS = 2_000;

/** What the observer remembers between observations: hashes only, never screen or message text. */
interface ScreenCursor {
  readonly v: 1;
  /** Line hashes of the screen before delivery, and its whole hash. */
  readonly before: string[];
  readonly beforeHash: string;
  /** Bare line hashes of the message. */
  readonly message: string[];
  /** The last screen seen, and since when it looked like that. */
  readonly last?: string | undefined;
  readonly since?: number | undefined;
  /** Seen working (or asking) since delivery; the screen changed since delivery. */
  readonly worked?: boolean | undefined;
  readonly changed?: boolean | undefined;
  /**
   * The spawn's task: given on the command line, so the turn began when the agent started, and
   * "before" is the first screen seen (there was none when the cursor was taken).
   */
  readonly spawn?: true | undefined;
}

/** `turnCursor` and `observeTurn` from the screen and the agent's own `activity`. */
export function screenTurns(
  activity: Agent["activity"],
  options: ScreenTurnOptions = {},
): Required<Pick<AgentTurns, "turnCursor" | "observeTurn">> {
  return {
    turnCursor: (probe) => Promise.resolve(screenTurnCursor(probe)),
    observeTurn: (probe) => observeScreenTurn(probe, activity, options),
  };
}

export function screenTurnCursor(probe: TurnCursorProbe): string {
  const screen = probe.screen ?? "";
  const cursor: ScreenCursor = {
    v: 1,
    before: screen === "" ? [] : screen.split("\n").map(lineHash),
    beforeHash: screenHash(screen),
    message: probe.messageText === undefined ? [] : messageLineHashes(probe.messageText),
    ...(probe.spawn === true ? { spawn: true as const } : {}),
  };
  return JSON.stringify(cursor);
}

export async function observeScreenTurn(
  probe: TurnProbe,
  activity: Agent["activity"],
  options: ScreenTurnOptions = {},
): Promise<TurnSignal> {
  const screen = probe.screen ?? "";
  const previous = firstScreenOfSpawn(parseCursor(probe.cursor), screen);
  const hash = screenHash(screen);
  const report = await activity({ ...probe, ...(probe.screen === undefined ? {} : { screen }) });
  const busy = report.activity === "working" || report.activity === "needs_input";
  const cursor: ScreenCursor = {
    ...previous,
    last: hash,
    since: hash === previous.last ? (previous.since ?? probe.now) : probe.now,
    worked: previous.worked === true || busy,
    changed: previous.changed === true || (probe.screen !== undefined && hash !== previous.beforeHash),
  };
  const text = JSON.stringify(cursor);
  const started = cursor.spawn === true || cursor.worked === true || cursor.changed === true;
  if (!started) return { state: "waiting", cursor: text };
  const quiet = probe.now - (cursor.since ?? probe.now) >= (options.quietMs ?? DEFAULT_QUIET_MS);
  // A gone process is not an ended turn: core tells a dead agent from a finished one.
  if (busy || !quiet || probe.liveness.state !== "alive") return { state: "running", cursor: text };
  const reply = replyFromScreen(previous.before, previous.message, screen);
  const failure = failureWords(reply, options.failurePattern);
  if (failure !== undefined)
    return { state: "ended", cursor: text, outcome: "failed", reply: "", source: "screen", error: failure };
  return { state: "ended", cursor: text, outcome: "completed", reply, source: "screen" };
}

/**
 * A spawn's task has no screen from before it: the first one seen stands for it, so its reply is
 * what the agent printed after that (nothing, for an agent that sat idle: the turn is `empty`).
 */
function firstScreenOfSpawn(cursor: ScreenCursor, screen: string): ScreenCursor {
  if (cursor.spawn !== true || cursor.last !== undefined) return cursor;
  const before = screen === "" ? [] : screen.split("\n").map(lineHash);
  return { ...cursor, before, beforeHash: screenHash(screen) };
}

function failureWords(reply: string, pattern: RegExp | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  const lines = reply.split("\n").filter((line) => pattern.test(line));
  return lines.length === 0 ? undefined : lines.join("\n");
}

function parseCursor(text: string): ScreenCursor {
  try {
    const parsed = JSON.parse(text) as Partial<ScreenCursor> | null;
    if (parsed?.v === 1 && Array.isArray(parsed.before) && Array.isArray(parsed.message))
      return parsed as ScreenCursor;
  } catch {
    // Not this observer's cursor (an agent that gained observeTurn since): start from nothing.
  }
  return { v: 1, before: [], beforeHash: "", message: [] };
}
