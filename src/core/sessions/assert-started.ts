import { AoError } from "../errors.js";
import type { Runtime, RuntimeHandle } from "../slots/index.js";
import { exitLines } from "./exit-lines.js";

/** The screen may be mostly blank (the error at the top, the cursor further down). */
const SCREEN_LINES = 100;
const LAST_LINES = 5;

/**
 * One look right after the runtime started the agent: a program that is not installed, or that
 * rejects its arguments, exits at once, and the spawn should fail with its words rather than report
 * a `working` session whose pane is already dead. A later exit is the lifecycle's business.
 */
export async function assertAgentStarted(
  runtime: Runtime,
  handle: RuntimeHandle,
  agentName: string,
): Promise<void> {
  const liveness = await runtime.liveness(handle);
  if (liveness.state !== "exited") return;
  const screen = await runtime.capture?.(handle, { lines: SCREEN_LINES }).catch(() => undefined);
  const words = exitLines(screen ?? "")
    .map((line) => line.trim())
    .slice(-LAST_LINES);
  const code = liveness.exitCode === null ? "a signal" : `code ${liveness.exitCode}`;
  throw new AoError("E_SPAWN_FAILED", `${agentName} exited at once with ${code}`, {
    hint:
      (words.length > 0 ? `its last output: ${words.join(" | ")}; ` : "") +
      "check that the agent is installed and configured (ao doctor)",
    details: { agent: agentName, exitCode: liveness.exitCode },
  });
}
