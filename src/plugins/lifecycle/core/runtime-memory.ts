import type { LifecycleMemory, Liveness, SessionSnapshot } from "../../../core/plugin-api.js";

export type RuntimeMemory = NonNullable<LifecycleMemory["runtime"]>;

export interface RuntimeVerdict {
  /** What to remember for the next cycle; undefined while no definite answer was ever seen. */
  memory: RuntimeMemory | undefined;
  /**
   * This cycle's answer says the process is gone and it is confirmed (two gone answers in a row,
   * unknown answers in between ignored). Never true on an `unknown` answer.
   */
  gone: boolean;
  /** This cycle is the one that confirmed it: the `exited` event belongs here, once. */
  newlyGone: boolean;
}

/**
 * Debounces exited/missing: one such answer makes the runtime `suspect`, the next one (with any
 * number of `unknown` answers in between, which are no answer at all) makes it `gone`. An `alive`
 * answer clears the suspicion. While a session is spawning the spawn owns its runtime (it may not
 * exist yet), so a gone answer then is not evidence of anything.
 *
 * A snapshot without `memory` comes from a caller that does not carry memory (or from before the
 * first decision): there is no earlier answer to weigh this one against, so it is believed at once.
 */
export function judgeRuntime(previous: SessionSnapshot, liveness: Liveness): RuntimeVerdict {
  const before = runtimeBefore(previous);
  const isGone = liveness.state === "exited" || liveness.state === "missing";
  if (liveness.state === "alive") return { memory: "alive", gone: false, newlyGone: false };
  if (!isGone || previous.status === "spawning") return { memory: before, gone: false, newlyGone: false };
  if (before === "gone") return { memory: "gone", gone: true, newlyGone: false };
  const confirmed = before === "suspect" || previous.memory === undefined;
  return confirmed
    ? { memory: "gone", gone: true, newlyGone: true }
    : { memory: "suspect", gone: false, newlyGone: false };
}

/** Statuses decide only gives a session whose runtime answered `alive`. */
const AGENT_STATUSES: ReadonlySet<string> = new Set(["working", "idle", "needs_input", "stuck"]);

/**
 * An `exited` session decided before memory existed is remembered as gone, so it does not exit
 * twice. A `gone` memory beside an agent status is stale: something outside decide (`ao session
 * restore`) started the agent again, so its next exit is debounced and reported like the first.
 */
function runtimeBefore(previous: SessionSnapshot): RuntimeMemory | undefined {
  const remembered = previous.memory?.runtime;
  if (remembered === "gone" && AGENT_STATUSES.has(previous.status)) return "alive";
  return remembered ?? (previous.status === "exited" ? "gone" : undefined);
}
