import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import type { LaunchSpec, Liveness, RuntimeHandle } from "../slots/index.js";
import type { Session } from "../store/index.js";
import { assertAgentStarted } from "./assert-started.js";
import type { OpenProject } from "./open-project.js";
import { promptFilePath, readTaskFile, writePromptFiles } from "./prompt-files.js";
import { sessionEnv, sessionExitCommand } from "./session-env.js";
import { launchPermissions } from "./launch-permissions.js";
import { mcpServerOf } from "./worker-launch.js";
import { workspaceSpec } from "./workspace-spec.js";

export interface Relaunched {
  handle: RuntimeHandle;
  worktree: string;
  branch: string;
  agentSessionId: string | undefined;
  resumed: boolean;
  workspaceRecreated: boolean;
  note?: string | undefined;
}

/**
 * Starts a session's agent again in its checkout: recreates the checkout from the branch if it is
 * gone, clears the old runtime session, and resumes the agent's own conversation when its id is
 * known (stored, or found by the agent in its files), else launches with the original prompt.
 */
export async function relaunchAgent(
  ctx: AoContext,
  opened: OpenProject,
  session: Session,
  old: { handle: RuntimeHandle | undefined; liveness: Liveness },
): Promise<Relaunched> {
  const workspaceRecreated = !(await opened.workspace.exists(session.worktree));
  if (workspaceRecreated) {
    ctx.stderr.write(`${session.id}: recreating ${opened.names.workspace} on ${session.branch}…\n`);
  }
  const info = await opened.workspace.restore(workspaceSpec(ctx.paths, opened.project, session));
  // A dead pane (or a session the person left) keeps the name taken: clear it before starting again.
  if (old.handle !== undefined) await opened.runtime.stop(old.handle);
  const current = { ...session, worktree: info.path, branch: info.branch };
  const agentSessionId =
    session.agentSessionId ?? (await discoverAgentSessionId(opened, current, old.liveness));
  ctx.stderr.write(`${session.id}: starting ${opened.names.agent}…\n`);
  await opened.agent.prepareWorkspace?.({ sessionId: session.id, worktree: info.path });
  const { spec, resumed, note } = await launchSpec(ctx, opened, current, agentSessionId);
  const handle = await opened.runtime.create({
    sessionId: session.id,
    cwd: info.path,
    argv: spec.argv,
    env: sessionEnv(ctx.paths, session.id, { ...opened.project.agentConfig.env, ...spec.env }),
    onExit: sessionExitCommand(ctx.paths, session.id),
    files: promptFiles(ctx, session.id),
  });
  const agent = { sessionId: session.id, agentName: opened.names.agent };
  await assertAgentStarted(ctx, opened.runtime, handle, agent).catch(async (error: unknown) => {
    await opened.runtime.stop(handle);
    throw error;
  });
  return {
    handle,
    worktree: info.path,
    branch: info.branch,
    agentSessionId,
    resumed,
    workspaceRecreated,
    note,
  };
}

/** The prompt file a fresh (not resumed) launch names, for runtimes that must carry it in. */
function promptFiles(ctx: AoContext, sessionId: string): string[] {
  const file = promptFilePath(ctx.paths, sessionId);
  return existsSync(file) ? [file] : [];
}

/** The agent may know its conversation id from its own files in the checkout, even if ao never recorded it. */
async function discoverAgentSessionId(
  opened: OpenProject,
  session: Session,
  liveness: Liveness,
): Promise<string | undefined> {
  const report = await opened.agent
    .activity({ sessionId: session.id, worktree: session.worktree, liveness })
    .catch(() => undefined);
  return report?.agentSessionId;
}

async function launchSpec(
  ctx: AoContext,
  opened: OpenProject,
  session: Session,
  agentSessionId: string | undefined,
): Promise<{ spec: LaunchSpec; resumed: boolean; note?: string }> {
  const { model } = opened.project.agentConfig;
  const input = {
    sessionId: session.id,
    worktree: session.worktree,
    promptFile: await ensurePromptFile(ctx, opened, session),
    ...launchPermissions(opened),
    ...(model === undefined ? {} : { model }),
    ...mcpServerOf(ctx.paths, session.id),
  };
  if (agentSessionId !== undefined && opened.agent.resume !== undefined) {
    return { spec: await opened.agent.resume({ ...input, agentSessionId }), resumed: true };
  }
  const note =
    agentSessionId === undefined
      ? "no conversation id was recorded: the agent starts a new conversation with the original prompt"
      : `${opened.names.agent} cannot resume a conversation: the agent starts a new one with the original prompt`;
  ctx.stderr.write(`${session.id}: note: ${note}\n`);
  return { spec: await opened.agent.launch(input), resumed: false, note };
}

/** The spawn's prompt file; rewritten from the saved task if someone removed it. */
async function ensurePromptFile(ctx: AoContext, opened: OpenProject, session: Session): Promise<string> {
  const file = promptFilePath(ctx.paths, session.id);
  if (existsSync(file)) return file;
  const task =
    readTaskFile(ctx.paths, session.id) ??
    `Continue the work already committed on the branch ${session.branch}.\n`;
  return writePromptFiles(ctx.paths, {
    sessionId: session.id,
    project: opened.project,
    branch: session.branch,
    worktree: session.worktree,
    task,
    publish: await opened.publishRules({
      branch: session.branch,
      defaultBranch: opened.project.defaultBranch,
    }),
  });
}
