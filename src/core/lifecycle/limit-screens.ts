import { prefetchScreens } from "../sessions/screen-prefetch.js";
import { screenReader } from "../sessions/screen-reader.js";
import type { Liveness, Runtime, RuntimeHandle } from "../slots/index.js";
import type { Session } from "../store/index.js";
import { agentRuntime } from "./agent-screen.js";
import type { CycleScope } from "./cycle-scope.js";

/** The end of a session's screen for watchLimits, or undefined when it has none to show. */
export type LimitScreen = (session: Session, lines: number) => Promise<string | undefined>;

interface Placed {
  readonly runtime: Runtime;
  readonly handle: RuntimeHandle;
}

/**
 * The screens one cycle's watchLimits reads, through the cycle's look memory: the first read asks
 * each runtime once for the liveness of all the cycle's sessions (`livenessMany`, one
 * `tmux list-panes -a`), whose screen stamps say which screens are unchanged since they were
 * captured (screen-reader.ts); only the others are captured. A runtime without `livenessMany`, or
 * whose probe fails, gives no stamps, and its screens are captured as before.
 */
export function limitScreens(scope: CycleScope): LimitScreen {
  let looked: Promise<{ placed: Map<string, Placed>; liveness: Map<string, Liveness> }> | undefined;
  return async (session, lines) => {
    looked ??= lookAtAll(scope);
    try {
      const { placed, liveness } = await looked;
      const at = placed.get(session.id);
      if (at === undefined) return undefined;
      const read = screenReader(
        at.runtime,
        { session, handle: at.handle },
        liveness.get(session.id),
        scope.looks.screens,
      );
      return await read?.(lines);
    } catch {
      // An agent that is gone has no screen; watchLimits goes on without it.
      return undefined;
    }
  };
}

async function lookAtAll(
  scope: CycleScope,
): Promise<{ placed: Map<string, Placed>; liveness: Map<string, Liveness> }> {
  const placed = new Map<string, Placed>();
  for (const session of scope.sessions) {
    const at = await agentRuntime(scope.ctx, scope.engine, session).catch(() => undefined);
    if (at !== undefined) placed.set(session.id, at);
  }
  const byRuntime = new Map<Runtime, string[]>();
  for (const [id, at] of placed) byRuntime.set(at.runtime, [...(byRuntime.get(at.runtime) ?? []), id]);
  const liveness = new Map<string, Liveness>();
  for (const [runtime, ids] of byRuntime) {
    if (runtime.livenessMany === undefined) continue;
    const answers = await runtime
      .livenessMany(ids.map((id) => placed.get(id)!.handle))
      .catch(() => [] as Liveness[]);
    ids.forEach((id, index) => {
      const answer = answers[index];
      if (answer !== undefined) liveness.set(id, answer);
    });
    const toRead = ids.map((id) => ({
      sessionId: id,
      handle: placed.get(id)!.handle,
      liveness: liveness.get(id),
    }));
    await prefetchScreens(runtime, toRead, scope.looks.screens);
  }
  return { placed, liveness };
}
