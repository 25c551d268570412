import type { Liveness, Runtime, RuntimeHandle } from "../slots/index.js";
import { SHARED_CAPTURE_LINES, screenUnder, type ScreenMemory } from "./screen-reader.js";

/** A session a look may read the screen of: its handle and what the batched probe said. */
export interface ScreenToRead {
  readonly sessionId: string;
  readonly handle: RuntimeHandle;
  readonly liveness: Liveness | undefined;
}

/**
 * Before a look reads screens one by one, puts the ones the memory cannot answer into it with a
 * single `Runtime.captureMany` (tmux: one client for all): each live session with a screen stamp
 * whose kept screen is gone, old (FULL_LOOK_MS) or of another stamp. The readers then find them
 * there (screen-reader.ts). A runtime without `captureMany`, a failed call, or a screen it could
 * not read leaves those sessions to their own capture, as before.
 */
export async function prefetchScreens(
  runtime: Runtime,
  sessions: readonly ScreenToRead[],
  memory: ScreenMemory | undefined,
): Promise<void> {
  if (runtime.captureMany === undefined || memory === undefined) return;
  const wanted = sessions.flatMap((session) => {
    const stamp = session.liveness?.state === "alive" ? session.liveness.screenStamp : undefined;
    if (stamp === undefined) return [];
    const under = screenUnder(session.handle, stamp);
    const known = memory.recall(session.sessionId, under);
    return known !== undefined && known.lines >= SHARED_CAPTURE_LINES ? [] : [{ ...session, under }];
  });
  if (wanted.length < 2) return;
  const screens = await runtime
    .captureMany(
      wanted.map((session) => session.handle),
      { lines: SHARED_CAPTURE_LINES },
    )
    .catch(() => []);
  wanted.forEach((session, index) => {
    const text = screens[index];
    if (text !== undefined)
      memory.keep(session.sessionId, session.under, { lines: SHARED_CAPTURE_LINES, text });
  });
}
