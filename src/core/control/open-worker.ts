import { AoError, isAoError } from "../errors.js";
import { spawnSession } from "../sessions/spawn-session.js";
import { appendEvent, closeWorker, getWorker, writeTransaction, type Commander } from "../store/index.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";
import { agentBinary } from "./list-agents.js";

export interface OpenWorkerRequest {
  /** The agent plugin (`list_agents` names them). */
  readonly agent: string;
  /** Default: the daemon's project, else the only project with the control plane on. */
  readonly project?: string | undefined;
  /** The worker's first task; without one it waits for its first turn. */
  readonly task?: string | undefined;
  /** Names the worker's branch (`ao/<name>`); default: derived from the task. */
  readonly name?: string | undefined;
}

export interface OpenedWorker {
  session_id: string;
  agent: string;
  project: string;
  branch: string;
  worktree: string;
  status: string;
}

const WAITING_TASK =
  "You are a worker session opened through ao by another agent (your commander). " +
  "Your instructions arrive as messages. Reply to each; when you can, hand your final answer with the orch_report tool.";

/**
 * `open_session`: a normal session (worktree, branch, pane, visible in `ao status`) enrolled as the
 * commander's worker before its agent starts. A spawn that fails ends the commander's rights on it
 * and rejects with the spawn's error, which carries the agent CLI's own last words.
 */
export async function openWorker(
  cc: ControlContext,
  commander: Commander,
  request: OpenWorkerRequest,
): Promise<OpenedWorker> {
  const project = projectFor(cc, request.project);
  let sessionId: string | undefined;
  try {
    const session = await spawnSession(
      cc.ctx,
      {
        project,
        prompt: request.task?.trim() ? request.task : WAITING_TASK,
        agent: request.agent,
        branch: request.name === undefined ? undefined : `ao/${request.name}`,
        configPath: cc.config.path,
        worker: { commanderId: commander.id },
      },
      { afterStep: (step, id) => (sessionId ??= id) },
    );
    sessionId = session.id;
    writeTransaction(cc.store, (tx) =>
      appendEvent(tx, {
        type: "control.worker_opened",
        sessionId: session.id,
        payload: { commanderId: commander.id, commander: commander.name, agent: session.agent, project },
      }),
    );
    const { id, agent, branch, worktree, status } = session;
    return { session_id: id, agent, project, branch, worktree, status };
  } catch (error) {
    if (sessionId !== undefined && getWorker(cc.store, sessionId) !== undefined)
      writeTransaction(cc.store, (tx) => closeWorker(tx, sessionId ?? ""));
    throw await withCliHint(cc, request.agent, error);
  }
}

/** A spawn whose agent would not start keeps its words, and says how to see it fail by hand. */
async function withCliHint(cc: ControlContext, agent: string, error: unknown): Promise<unknown> {
  if (!isAoError(error) || error.code !== "E_SPAWN_FAILED") return error;
  const cli = await agentBinary(cc.ctx, agent).catch(() => "the agent's CLI");
  const run = `run \`${cli}\` once in a terminal to see it fail for yourself (not logged in, model retired, service unreachable)`;
  return new AoError(error.code, error.message, {
    hint: error.hint === undefined ? run : `${error.hint}; ${run}`,
    details: error.details,
    exitCode: error.exitCode,
    cause: error,
  });
}

/** The project a tool works in: the one asked (with the control plane on), else the only one on. */
export function projectFor(cc: ControlContext, asked: string | undefined): string {
  const projects = cc.config.config.projects;
  if (asked !== undefined) {
    if (projects[asked] === undefined)
      throw new AoError("E_NOT_FOUND", `no project ${asked}`, {
        hint: `projects: ${Object.keys(projects).join(", ")}`,
        details: { project: asked },
      });
    if (!controlPlaneOf(cc, asked).enabled)
      throw new AoError("E_CONTROL_PLANE_OFF", `the control plane is off for project ${asked}`, {
        hint: `set \`controlPlane: { enabled: true }\` under projects.${asked} in ${cc.config.path}`,
        details: { project: asked },
      });
    return asked;
  }
  const open = Object.keys(projects).filter((id) => controlPlaneOf(cc, id).enabled);
  if (open.length === 1 && open[0] !== undefined) return open[0];
  throw new AoError("E_USAGE", "say which project to work in", {
    hint: `give \`project\`: one of ${open.join(", ") || "(none has the control plane on)"}`,
  });
}
