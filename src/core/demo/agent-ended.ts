import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { exitLines, EXIT_SCREEN_LINES } from "../sessions/exit-lines.js";
import { openProject } from "../sessions/open-project.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import type { Runtime } from "../slots/index.js";
import type { Session } from "../store/index.js";
import type { StepLog } from "./demo-steps.js";
import { DEMO_PROJECT } from "./sandbox-config.js";

/** Statuses after which no merge can come: the agent is gone. */
const ENDED = new Set(["exited", "killed", "errored"]);

/** The session's agent has ended: its exit code (null: unknown or a signal) and its last lines. */
export interface AgentEnded {
  exitCode: number | null;
  lastLines: string[];
}

/**
 * Whether the demo session's agent has ended, from the store (the lifecycle saw it) or, before the
 * lifecycle's next cycle, from the runtime itself: an agent that died must not leave the demo
 * waiting for its timeout. Undefined while it runs or when the runtime cannot tell.
 */
export async function agentEnded(
  runtime: Runtime | undefined,
  session: Session,
): Promise<AgentEnded | undefined> {
  const handle = storedHandle(session);
  const liveness = handle === undefined ? undefined : await runtime?.liveness(handle).catch(() => undefined);
  const exited = liveness?.state === "exited";
  if (!exited && !ENDED.has(session.status)) return undefined;
  if (session.exit !== null)
    return { exitCode: session.exit.exitCode, lastLines: [...session.exit.lastLines] };
  const screen =
    handle === undefined
      ? undefined
      : await runtime?.capture?.(handle, { lines: EXIT_SCREEN_LINES }).catch(() => undefined);
  return {
    exitCode: liveness?.state === "exited" ? liveness.exitCode : null,
    lastLines: exitLines(screen ?? ""),
  };
}

/** The demo project's runtime, opened once for the watch; undefined when it cannot be opened. */
export async function demoRuntime(ctx: AoContext): Promise<Runtime | undefined> {
  try {
    const { runtime } = await openProject(ctx, DEMO_PROJECT, { configPath: ctx.env["AO_CONFIG_PATH"] });
    return runtime;
  } catch {
    return undefined;
  }
}

/** The error that stops the demo once its agent ended: the exit, its last lines, where to look. */
export function describeEnded(session: Session, agent: string, ended: AgentEnded, log: StepLog): AoError {
  const code = ended.exitCode === null ? "without an exit code" : `with exit code ${ended.exitCode}`;
  const message = `${agent} in ${session.id} exited ${code} before the loop finished`;
  log.add("failed", message, [
    ...(ended.lastLines.length > 0
      ? ["its last lines:", ...ended.lastLines.map((line) => `  ${line}`)]
      : ["it printed nothing ao could read"]),
  ]);
  return new AoError("E_DEMO_FAILED", `the demo stopped: ${message}`, {
    hint: `\`ao doctor\` checks ${agent}'s login and setup; \`ao demo --keep --agent ${agent}\` keeps the sandbox to read its screen (\`ao session logs ${session.id}\`)`,
    details: { session: session.id, exitCode: ended.exitCode, lastLines: ended.lastLines },
  });
}
