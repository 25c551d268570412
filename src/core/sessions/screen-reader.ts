import type { Liveness, Runtime, RuntimeHandle } from "../slots/index.js";
import type { CycleLookMemory } from "./look-memory.js";

/** A screen a cycle captured: the last `lines` lines asked for, as the runtime returned them. */
export interface KeptScreen {
  readonly lines: number;
  readonly text: string;
}

/** Screens a cycle captured, by session, each under its runtime's screen stamp and handle. */
export type ScreenMemory = CycleLookMemory<KeptScreen>;

/**
 * The fewest lines a capture through the memory asks for: the cycle's readers ask for 15 (usage
 * limits) and 60 (the probe); one capture of 60 answers both, so a look at a session whose stamp
 * expired is one `capture-pane`, not one per reader.
 */
export const SHARED_CAPTURE_LINES = 60;

/** Reads the last `lines` lines of a session's screen; rejects as `Runtime.capture` does. */
export type ReadScreen = (lines: number) => Promise<string>;

/**
 * How a probe reads one live session's screen: `Runtime.capture`, unless the runtime stamped its
 * liveness (`screenStamp`) and `memory` holds a screen of at least as many lines captured under
 * the same stamp and handle: the screen has not changed since, so its last `lines` lines are what
 * a capture would return (a capture keeps the last lines after dropping trailing blank ones, so a
 * longer one ends the same way; only a wrapped line cut at the shorter one's top may differ). A
 * screen captured under a stamp is kept for the next cycle. Undefined when the runtime cannot
 * capture at all.
 */
export function screenReader(
  runtime: Runtime,
  { session, handle }: { session: { id: string }; handle: RuntimeHandle },
  liveness: Liveness | undefined,
  memory: ScreenMemory | undefined,
): ReadScreen | undefined {
  const capture = runtime.capture?.bind(runtime);
  if (capture === undefined) return undefined;
  const stamp = liveness?.state === "alive" ? liveness.screenStamp : undefined;
  return async (lines) => {
    if (stamp === undefined || memory === undefined) return capture(handle, { lines });
    const under = screenUnder(handle, stamp);
    const known = memory.recall(session.id, under);
    if (known !== undefined && known.lines >= lines) return lastLines(known.text, lines);
    const wanted = Math.max(lines, SHARED_CAPTURE_LINES);
    const text = await capture(handle, { lines: wanted });
    memory.keep(session.id, under, { lines: wanted, text });
    return lastLines(text, lines);
  };
}

/** What a kept screen is kept under: the handle and the runtime's stamp. */
export function screenUnder(handle: RuntimeHandle, stamp: string): string {
  return `${handle.id}|${stamp}`;
}

function lastLines(text: string, lines: number): string {
  return text
    .split("\n")
    .slice(-Math.max(1, Math.floor(lines)))
    .join("\n");
}
