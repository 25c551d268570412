import { setTimeout as sleepMs } from "node:timers/promises";
import type { RuntimeKey } from "../slots/index.js";
import { lookAt } from "./read-signal.js";
import type { SessionAgent, TurnContext } from "./turn-context.js";

/** Ctrl-U: harmless on an empty input, in every recorded CLI. */
export const DEFAULT_CLEAR_INPUT_KEYS: readonly RuntimeKey[] = ["C-u"];

/** Time a TUI gets to redraw after a press before the screen is compared. */
const REDRAW_MS = 400;

/**
 * Empties an agent's input box that may hold an unsubmitted paste of `lines` lines. One press of
 * the clear keys is not always enough: Claude Code's Ctrl-U deletes back to the start of the last
 * line only, and on an empty line the line break before it, so a paste shown line by line takes
 * 2N-1 presses (test/fixtures/agents/claude/screens/clear-input/). The keys are pressed again while
 * each press still changed the screen, at most 2N+1 times (a screen that never settles, a clock on
 * it, ends there). Without a screen to read, the keys are pressed once. False when a press failed.
 */
export async function clearInput(
  tc: TurnContext,
  sa: SessionAgent,
  before: string | undefined,
  lines: number,
): Promise<boolean> {
  const keys = sa.agent.clearInputKeys ?? DEFAULT_CLEAR_INPUT_KEYS;
  const rounds = 2 * Math.max(1, lines) + 1;
  let screen = before;
  for (let round = 0; round < rounds; round += 1) {
    if (!(await pressAll(sa, keys))) return false;
    if (screen === undefined || sa.runtime.capture === undefined) return true;
    await (tc.sleep ?? sleepMs)(REDRAW_MS);
    const now = (await lookAt(sa)).screen;
    if (now === undefined || now === screen) return true;
    screen = now;
  }
  return true;
}

async function pressAll(sa: SessionAgent, keys: readonly RuntimeKey[]): Promise<boolean> {
  if (sa.runtime.press === undefined) return false;
  for (const key of keys) {
    const pressed = await sa.runtime.press(sa.handle, key).then(
      () => true,
      () => false,
    );
    if (!pressed) return false;
  }
  return true;
}
