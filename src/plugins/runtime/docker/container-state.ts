import type { Liveness } from "../../../core/plugin-api.js";
import { classifyEngineFailure, engineComplaint, type Engine } from "./engine.js";

/**
 * What the container says when its tmux server does not answer: gone (`missing`), stopped (the
 * whole session ended: `exited` with the container's exit code), or still running without the
 * agent's tmux session (`missing`: someone killed it). An engine failure is `unknown`, never dead.
 */
export async function containerExit(engine: Engine, container: string): Promise<Liveness> {
  const result = await engine.run([
    "container",
    "inspect",
    "--format",
    "{{.State.Status}} {{.State.ExitCode}}",
    container,
  ]);
  if (result.failed) {
    if (classifyEngineFailure(result) === "missing") return { state: "missing" };
    return { state: "unknown", reason: `${engine.name} inspect failed: ${engineComplaint(result)}` };
  }
  const [status = "", code = ""] = result.stdout.trim().split(/\s+/);
  if (status === "running") return { state: "missing" };
  return { state: "exited", exitCode: /^\d+$/.test(code) ? Number(code) : null };
}
