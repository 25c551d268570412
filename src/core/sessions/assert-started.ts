import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { Liveness, Runtime, RuntimeHandle } from "../slots/index.js";
import { exitLines } from "./exit-lines.js";

/** The screen may be mostly blank (the error at the top, the cursor further down). */
const SCREEN_LINES = 100;
const LAST_LINES = 5;
/** An agent that cannot reach its service or find its login gives up within a second or two. */
const DEFAULT_WATCH_MS = 3000;
const POLL_MS = 100;

/** Who is starting which agent, for the progress line and the error. */
export interface StartedAgent {
  sessionId: string;
  agentName: string;
  /**
   * Whether the agent has shown it got past its start-up (spawn: its own hooks report a conversation
   * working on the prompt). The watch ends there: later failures are the lifecycle's, and a spawn
   * need not wait out the whole window. Restore leaves it out, as old hook files may still say so.
   */
  settled?: (liveness: Liveness) => Promise<boolean>;
}

/**
 * A bounded watch right after the runtime started the agent: a program that is not installed,
 * rejects its arguments, or cannot reach its service exits within seconds, and the spawn (or
 * restore) should fail with its last words rather than report a `working` session whose pane is
 * already dead. `AO_SPAWN_WATCH_MS` sets the window (0: one look). A later exit is the lifecycle's.
 */
export async function assertAgentStarted(
  ctx: Pick<AoContext, "env" | "stderr">,
  runtime: Runtime,
  handle: RuntimeHandle,
  agent: StartedAgent,
): Promise<void> {
  const windowMs = spawnWatchMs(ctx.env);
  if (windowMs > 0) {
    const seconds = `${String(Math.round(windowMs / 100) / 10)}s`;
    ctx.stderr.write(`${agent.sessionId}: watching ${agent.agentName} for up to ${seconds}…\n`);
  }
  const liveness = await watchLiveness(runtime, handle, windowMs, agent.settled);
  if (liveness.state !== "exited") return;
  const screen = await runtime.capture?.(handle, { lines: SCREEN_LINES }).catch(() => undefined);
  const words = exitLines(screen ?? "")
    .map((line) => line.trim())
    .slice(-LAST_LINES);
  const code = liveness.exitCode === null ? "a signal" : `code ${liveness.exitCode}`;
  throw new AoError("E_SPAWN_FAILED", `${agent.agentName} exited at once with ${code}`, {
    hint:
      (words.length > 0 ? `its last output: ${words.join(" | ")}; ` : "") +
      "check that the agent is installed and configured (ao doctor)",
    details: { agent: agent.agentName, exitCode: liveness.exitCode, lastLines: words },
  });
}

/**
 * Looks until the agent exits, shows it has settled, or the window closes; the last look is at the
 * window's end.
 */
async function watchLiveness(
  runtime: Runtime,
  handle: RuntimeHandle,
  windowMs: number,
  settled: StartedAgent["settled"],
): Promise<Liveness> {
  const deadline = Date.now() + windowMs;
  for (;;) {
    const liveness = await runtime.liveness(handle);
    const left = deadline - Date.now();
    if (liveness.state === "exited" || left <= 0) return liveness;
    if (liveness.state === "alive" && (await settled?.(liveness).catch(() => false))) return liveness;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}

/** `AO_SPAWN_WATCH_MS`: how long spawn and restore watch a new agent (default 3000). */
export function spawnWatchMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env["AO_SPAWN_WATCH_MS"];
  if (raw === undefined || raw === "") return DEFAULT_WATCH_MS;
  if (!/^\d{1,6}$/.test(raw)) {
    throw new AoError("E_USAGE", `AO_SPAWN_WATCH_MS=${raw} is not a number of milliseconds`, {
      exitCode: EXIT_USAGE,
      hint: "set it to a whole number such as 3000 (0: look once), or unset it",
    });
  }
  return Number(raw);
}
