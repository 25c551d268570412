import { existsSync, readFileSync } from "node:fs";
import type { AoContext } from "../context.js";
import type { AgentActivity, Issue, Liveness, RuntimeHandle } from "../slots/index.js";
import { recordExit, updateSession, writeTransaction, type Session, type Store } from "../store/index.js";
import { isAoError } from "../errors.js";
import { recordSpawnTurn, spawnTurnCursor } from "../turns/spawn-turn.js";
import { assertAgentStarted } from "./assert-started.js";
import type { OpenProject } from "./open-project.js";
import { promptFilePath, writePromptFiles } from "./prompt-files.js";
import { handleJson } from "../session-plugins/runtime-handle.js";
import { sessionEnv, sessionExitCommand } from "./session-env.js";
import { mcpServerOf } from "./worker-launch.js";
import { recordSpawnStep, SPAWN_STEPS, type SpawnStep } from "./spawn-steps.js";
import type { AfterStepHook } from "./spawner.js";
import { launchPermissions } from "./launch-permissions.js";
import { failedSpawnError, undoSpawn } from "./undo-spawn.js";
import { workspaceSpec } from "./workspace-spec.js";

/** One spawn in progress: what it works with, and what it made so far (for the undo). */
export interface SpawnRun {
  ctx: AoContext;
  store: Store;
  opened: OpenProject;
  session: Session;
  /** The task text; loaded lazily by a restore, which may not need it. */
  task: () => Promise<string>;
  /** Set when the task came from the tracker in this process (for markStarted). */
  issue?: Issue | undefined;
  afterStep?: AfterStepHook | undefined;
  /** The branch the new one starts from instead of the default branch (a plan's `startFrom`). */
  startFrom?: string | undefined;
  /** The model the agent runs instead of the project's (a plan's hired role). */
  model?: string | undefined;
  made: { workspace: boolean; handle?: RuntimeHandle | undefined; promptFile?: string | undefined };
}

type StepAction = (run: SpawnRun) => Promise<Session>;

const ACTIONS: Record<Exclude<SpawnStep, "allocated">, StepAction> = {
  workspace: createWorkspace,
  prompt: writePrompt,
  runtime: startAgent,
  done: markWorking,
};

/**
 * Runs every step after `from` (the last completed one). A failure undoes what this spawn made,
 * marks the session errored with the failing step, and rethrows one clear AoError.
 */
export async function runSpawnSteps(run: SpawnRun, from: SpawnStep): Promise<Session> {
  for (const step of SPAWN_STEPS.slice(SPAWN_STEPS.indexOf(from) + 1)) {
    if (step === "allocated") continue;
    try {
      run.session = await ACTIONS[step](run);
    } catch (error) {
      const undo = await undoSpawn(run, step, error);
      throw failedSpawnError(run.session.id, step, error, undo);
    }
    run.afterStep?.(step, run.session.id);
  }
  return run.session;
}

async function createWorkspace(run: SpawnRun): Promise<Session> {
  const { opened, session } = run;
  run.ctx.stderr.write(`${session.id}: creating ${opened.names.workspace}…\n`);
  // From here on the checkout may exist (even half-made), and it is this spawn's to undo.
  run.made.workspace = true;
  const info = await opened.workspace.create(
    workspaceSpec(run.ctx.paths, opened.project, session, run.startFrom),
  );
  const payload = {
    branch: info.branch,
    worktree: info.path,
    ...(info.base === undefined ? {} : { base: info.base }),
  };
  return recordSpawnStep(
    run.store,
    session.id,
    "workspace",
    { branch: info.branch, worktree: info.path },
    payload,
  );
}

async function writePrompt(run: SpawnRun): Promise<Session> {
  const { session } = run;
  run.made.promptFile = writePromptFiles(run.ctx.paths, {
    sessionId: session.id,
    project: run.opened.project,
    branch: session.branch,
    worktree: session.worktree,
    task: await run.task(),
    publish: await run.opened.publishRules({
      branch: session.branch,
      defaultBranch: run.opened.project.defaultBranch,
    }),
  });
  return recordSpawnStep(run.store, session.id, "prompt");
}

async function startAgent(run: SpawnRun): Promise<Session> {
  const { opened, session } = run;
  const promptFile = run.made.promptFile ?? (await existingPromptFile(run));
  run.ctx.stderr.write(`${session.id}: starting ${opened.names.agent}…\n`);
  await opened.agent.prepareWorkspace?.({ sessionId: session.id, worktree: session.worktree });
  const permissions = launchPermissions(opened);
  const model = run.model ?? opened.project.agentConfig.model;
  const worker = mcpServerOf(run.ctx.paths, session.id);
  // Every spawn's task is its first turn (docs/turns.md#the-spawns-task).
  const task = await spawnTurnCursor(run.ctx, opened.agent, session, readFileSync(promptFile, "utf8"));
  const spec = await opened.agent.launch({
    sessionId: session.id,
    worktree: session.worktree,
    promptFile,
    ...permissions,
    ...(model === undefined ? {} : { model }),
    ...worker,
  });
  const expected = opened.runtime.handleFor?.(session.id);
  if (expected !== undefined) storeHandle(run, expected);
  const handle = await opened.runtime.create({
    sessionId: session.id,
    cwd: session.worktree,
    argv: spec.argv,
    env: sessionEnv(run.ctx.paths, session.id, { ...opened.project.agentConfig.env, ...spec.env }),
    onExit: sessionExitCommand(run.ctx.paths, session.id),
    files: [promptFile],
  });
  run.made.handle = handle;
  // Stored before the watch: an `ao spawn` killed during it leaves a handle that cleanup, kill and
  // restore use to stop the agent (the step itself is recorded only once the agent settled).
  storeHandle(run, handle);
  await assertAgentStarted(run.ctx, opened.runtime, handle, {
    sessionId: session.id,
    agentName: opened.names.agent,
    settled: (liveness) => startedConversation(run, liveness),
  }).catch((error: unknown) => {
    keepExitLines(run, error);
    throw error;
  });
  const started = recordSpawnStep(
    run.store,
    session.id,
    "runtime",
    { runtimeHandle: handleJson(handle) },
    { runtime: opened.names.runtime },
  );
  if (task !== undefined) recordSpawnTurn(run.store, session.id, task);
  return started;
}

/**
 * An agent that exited during the watch: its last lines are kept on the session before the undo
 * stops its runtime, so `ao session logs` still shows what it printed.
 */
function keepExitLines(run: SpawnRun, error: unknown): void {
  if (!isAoError(error) || error.code !== "E_SPAWN_FAILED") return;
  const { exitCode, lastLines } = (error.details ?? {}) as { exitCode?: unknown; lastLines?: unknown };
  if (!Array.isArray(lastLines)) return;
  const exit = {
    exitCode: typeof exitCode === "number" ? exitCode : null,
    lastLines: lastLines.filter((line): line is string => typeof line === "string"),
  };
  writeTransaction(run.store, (tx) => recordExit(tx, run.session.id, exit));
}

function storeHandle(run: SpawnRun, handle: RuntimeHandle): void {
  writeTransaction(run.store, (tx) =>
    updateSession(
      tx,
      run.session.id,
      { runtimeHandle: handleJson(handle) },
      { type: "session.runtime_started", payload: { runtime: run.opened.names.runtime } },
    ),
  );
}

const SETTLED = new Set<AgentActivity>(["working", "idle", "needs_input"]);

/**
 * The agent's own hooks (or session files) name its conversation and it is working, idle or asking:
 * it got past its start-up, where a missing login or network makes it exit.
 */
async function startedConversation(run: SpawnRun, liveness: Liveness): Promise<boolean> {
  const { id: sessionId, worktree } = run.session;
  const report = await run.opened.agent.activity({ sessionId, worktree, liveness });
  return report.agentSessionId !== undefined && SETTLED.has(report.activity);
}

/** A restore that resumes after the prompt step finds the file there, unless someone removed it. */
async function existingPromptFile(run: SpawnRun): Promise<string> {
  const file = promptFilePath(run.ctx.paths, run.session.id);
  if (existsSync(file)) return file;
  await writePrompt(run);
  return file;
}

function markWorking(run: SpawnRun): Promise<Session> {
  const { session } = run;
  return Promise.resolve(
    writeTransaction(run.store, (tx) =>
      updateSession(
        tx,
        session.id,
        { status: "working", reason: "spawned", spawnStep: "done" },
        { type: "session.status", payload: { from: session.status, to: "working", reason: "spawned" } },
      ),
    ),
  );
}
