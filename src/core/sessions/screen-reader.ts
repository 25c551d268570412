import type { Liveness, Runtime, RuntimeHandle } from "../slots/index.js";
import type { CycleLookMemory } from "./look-memory.js";

/** Screens a cycle captured, by `screenKey`, each under its runtime's screen stamp. */
export type ScreenMemory = CycleLookMemory<string>;

/** A screen's key in the memory: the session and how many lines were read. */
export function screenKey(sessionId: string, lines: number): string {
  return `${sessionId}\u0000${String(lines)}`;
}

/** The session a screenKey is of. */
export function screenKeySession(key: string): string {
  return key.split("\u0000")[0] ?? key;
}

/** Reads the last `lines` lines of a session's screen; rejects as `Runtime.capture` does. */
export type ReadScreen = (lines: number) => Promise<string>;

/**
 * How a probe reads one live session's screen: `Runtime.capture`, unless the runtime stamped its
 * liveness (`screenStamp`) and `memory` holds a screen captured under the same stamp, handle and
 * line count: the screen has not changed since, so that text is what a capture would return. A
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
    const key = screenKey(session.id, lines);
    const under = `${handle.id}|${stamp}`;
    const known = memory.recall(key, under);
    if (known !== undefined) return known;
    const screen = await capture(handle, { lines });
    memory.keep(key, under, screen);
    return screen;
  };
}
