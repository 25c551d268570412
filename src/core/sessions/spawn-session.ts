import type { AoContext } from "../context.js";
import { enrolWorker } from "../credentials/worker-secret.js";
import { closeStore, openStore, writeTransaction, type Session, type Store } from "../store/index.js";
import { allocateSession, validBranch } from "./allocate-session.js";
import { openProject, type OpenProject } from "./open-project.js";
import { writeTaskFile } from "./prompt-files.js";
import { resolveTask, type SessionTask } from "./resolve-task.js";
import { refuseLiveDuplicate } from "./live-duplicate.js";
import { DEFAULT_QUEUE_TIMEOUT_MS, withCapacity } from "./session-capacity.js";
import { SpawnLine } from "./spawn-line.js";
import { runSpawnSteps } from "./spawn-run.js";
import { crashHookFromEnv, type AfterStepHook, type Spawner } from "./spawner.js";
import { failedSpawnError, undoSpawn } from "./undo-spawn.js";
import { messageOf } from "../errors.js";
import { launchPermissions } from "./launch-permissions.js";

export interface SpawnRequest {
  /** The project id from the configuration. */
  project: string;
  /** A tracker reference or free text. */
  issue?: string | undefined;
  /** The task when there is no issue; extra instructions when there is one. */
  prompt?: string | undefined;
  /** Another agent plugin than the project's. */
  agent?: string | undefined;
  /** A branch name instead of the one derived from the task. */
  branch?: string | undefined;
  configPath?: string | undefined;
  /** Wait for a free slot when maxSessions is reached, at most `queueTimeoutMs`. */
  queue?: boolean | undefined;
  queueTimeoutMs?: number | undefined;
  /**
   * A control-plane worker (`open_session`): enrolled for this commander right after allocation,
   * before its agent starts, so the agent is handed ao's MCP server with the worker's secret.
   */
  worker?: { readonly commanderId: number } | undefined;
  /** Start the branch from this branch instead of the project's default branch. */
  startFrom?: string | undefined;
  /** The model the agent runs instead of the project's `agentConfig.model`. */
  model?: string | undefined;
  /** Refuse (E_EXISTS) when the issue already has a live session in the project (the dashboard's default). */
  refuseIfIssueLive?: boolean | undefined;
}

export interface SpawnOptions {
  /** Called after each recorded step; default: the AO_TEST_CRASH_AFTER_STEP test hook from ctx.env. */
  afterStep?: AfterStepHook | undefined;
  /** How the queue waits (tests pass a fast one). */
  sleep?: ((ms: number) => Promise<unknown>) | undefined;
  /** Who is recorded as running the spawn; default: this process (tests record another). */
  spawner?: Spawner | undefined;
}

/**
 * One task → one session: id and row, workspace, prompt files, agent in its runtime, `working`.
 * Every step is recorded (docs/sessions.md); a failure undoes what was made and marks the session
 * errored. Returns the session as stored.
 */
export async function spawnSession(
  ctx: AoContext,
  request: SpawnRequest,
  options: SpawnOptions = {},
): Promise<Session> {
  const opened = await openProject(ctx, request.project, {
    configPath: request.configPath,
    agent: request.agent,
  });
  // A refusal of agentConfig.autoAllow comes before anything is made (startAgent applies it).
  launchPermissions(opened);
  const branch = request.branch === undefined ? undefined : validBranch(request.branch);
  const task = await resolveTask(request, opened.tracker, ctx.cwd);
  const store = openStore(ctx);
  try {
    return await spawnWithStore(ctx, store, opened, { task, branch, request, options });
  } finally {
    closeStore(store);
  }
}

interface SpawnPlan {
  task: SessionTask;
  branch: string | undefined;
  request: SpawnRequest;
  options: SpawnOptions;
}

async function spawnWithStore(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  plan: SpawnPlan,
): Promise<Session> {
  if (plan.request.refuseIfIssueLive === true)
    refuseLiveDuplicate(store, opened.project.id, plan.task.issueId);
  const allocation = { task: plan.task, branch: plan.branch, spawner: plan.options.spawner };
  const session = await withCapacity(() => allocateSession(ctx, store, opened, allocation), {
    queue: plan.request.queue === true,
    timeoutMs: plan.request.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
    now: () => ctx.clock.now(),
    sleep: plan.options.sleep,
    progress: ctx.stderr,
    line: new SpawnLine(store, {
      project: opened.project.id,
      agent: opened.names.agent,
      task: plan.task.title,
      pid: process.pid,
      now: () => ctx.clock.now(),
    }),
  });
  const afterStep = plan.options.afterStep ?? crashHookFromEnv(ctx.env);
  const run = {
    ctx,
    store,
    opened,
    session,
    task: () => Promise.resolve(plan.task.text),
    issue: plan.task.issue,
    afterStep,
    startFrom: plan.request.startFrom,
    model: plan.request.model,
    made: { workspace: false },
  };
  try {
    writeTaskFile(ctx.paths, session.id, plan.task.text);
    const worker = plan.request.worker;
    if (worker !== undefined)
      writeTransaction(store, (tx) => enrolWorker(tx, ctx.paths, session.id, worker.commanderId));
  } catch (error) {
    throw failedSpawnError(session.id, "allocated", error, await undoSpawn(run, "allocated", error));
  }
  afterStep?.("allocated", session.id);
  const spawned = await runSpawnSteps(run, "allocated");
  await markIssueStarted(ctx, opened, plan.task, spawned.id);
  return spawned;
}

/** Telling the tracker is a courtesy: the session runs either way, so a failure is only a warning. */
async function markIssueStarted(
  ctx: AoContext,
  opened: OpenProject,
  task: SessionTask,
  sessionId: string,
): Promise<void> {
  if (task.issue === undefined) return;
  const tracker = await opened.tracker();
  if (tracker?.markStarted === undefined) return;
  await tracker.markStarted(task.issue, sessionId).catch((error: unknown) => {
    ctx.stderr.write(
      `warning: ${sessionId}: could not mark issue ${task.issue?.id ?? ""} as started: ${messageOf(error)}\n`,
    );
  });
}
