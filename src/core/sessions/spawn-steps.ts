import type { SessionSpawnStep } from "../events/index.js";
import type { Session, SessionPatch, Store } from "../store/index.js";
import { updateSession, writeTransaction } from "../store/index.js";

/**
 * The steps of a spawn, in order. The session row's `spawn_step` holds the last one that completed,
 * so `ao session restore` can finish an interrupted spawn and `ao session cleanup` can undo it:
 *
 * - `allocated`: the id is taken and the row inserted (status `spawning`), the task saved to a file;
 * - `workspace`: the checkout exists, on the branch recorded in the row;
 * - `prompt`: the prompt files are written under AO_HOME/prompts/<session>/;
 * - `runtime`: the agent runs, and the runtime handle is stored;
 * - `done`: the session is `working`.
 */
export const SPAWN_STEPS = ["allocated", "workspace", "prompt", "runtime", "done"] as const;

export type SpawnStep = (typeof SPAWN_STEPS)[number];

export function isSpawnStep(value: unknown): value is SpawnStep {
  return typeof value === "string" && (SPAWN_STEPS as readonly string[]).includes(value);
}

/** True when `step` has been completed by a session whose last completed step is `reached`. */
export function stepReached(reached: string | null, step: SpawnStep): boolean {
  if (!isSpawnStep(reached)) return false;
  return SPAWN_STEPS.indexOf(reached) >= SPAWN_STEPS.indexOf(step);
}

/** Records a completed step: the row's `spawn_step`, any fields it produced, and one event, in one transaction. */
export function recordSpawnStep(
  store: Store,
  sessionId: string,
  step: SpawnStep,
  patch: SessionPatch = {},
  payload: Omit<SessionSpawnStep["payload"], "step"> = {},
): Session {
  return writeTransaction(store, (tx) =>
    updateSession(
      tx,
      sessionId,
      { ...patch, spawnStep: step },
      { type: "session.spawn_step", payload: { step, ...payload } },
    ),
  );
}
