import { copyFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  definePlugin,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
  type Exec,
  type LaunchSpec,
  type PluginContext,
} from "../../core/plugin-api.js";
import { AGENT_EVENTS_NAME, AO_WORKSPACE_DIR, agentEventsFile, hookSignals } from "./_shared/agent-events.js";
import { logCursor } from "./_shared/event-log.js";
import { claimWorkspaceFiles } from "./_shared/git-exclude.js";
import { agentProgram } from "./_shared/agent-program.js";
import { RECORDED_VERSIONS } from "./_shared/recorded-versions.js";
import { GEMINI_ACCOUNT, GEMINI_LOGIN } from "./_shared/agent-logins.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { GeminiOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { GEMINI_SCREEN_RULES } from "./gemini/screens.js";
import { findGeminiSessionId } from "./gemini/sessions.js";
import { readGeminiUsage } from "./gemini/usage.js";
import { observeGeminiHooks } from "./gemini/hook-turns.js";
import { GEMINI_WORKSPACE_SETTINGS, writeGeminiHooks } from "./gemini/settings-hooks.js";
import { geminiWorkerMcp } from "./gemini/worker-mcp.js";
import { NO_WORKER_MCP, runsPermissionless, writeWorkerMcpFiles } from "./_shared/worker-mcp.js";
import { recognizeGeminiLimit } from "./gemini/limits.js";
import { GEMINI_DEFAULT_MODELS } from "./gemini/default-models.js";
import { geminiAcpAdapter } from "./gemini/acp-adapter.js";
import { GEMINI_TRUST_ENV } from "./gemini/trust-env.js";
import { agentForProtocol } from "./_shared/acp-mode.js";

export type { GeminiOptions } from "./_shared/plugin-options.js";

/** The flag that approves every tool call; only with `permissions: permissionless`. */
export const GEMINI_BYPASS_FLAG = "--yolo";

/** Inside the workspace: Gemini CLI asks before it reads a file outside it (recorded). */
const PROMPT_NAME = "prompt.md";
const PROMPT_COPY = `${AO_WORKSPACE_DIR}/${PROMPT_NAME}`;

/**
 * agent/gemini. `--prompt-interactive` runs the first prompt and stays interactive; the prompt
 * `@`-mentions a copy of the task file inside the worktree, which Gemini CLI reads into the
 * conversation. The session id comes from Gemini's own session files; the activity from the screen;
 * turns from BeforeAgent / AfterAgent hooks in the workspace settings and the chat file.
 */
export function createGeminiAgent(
  options: GeminiOptions,
  geminiHome: string,
  exec: Exec,
  nodePath: string = process.execPath,
): Agent {
  const env = options.trustWorktree ? { ...GEMINI_TRUST_ENV } : {};
  const shared = (input: AgentLaunchInput): string[] => [
    ...workerArgs(input),
    ...(options.trustWorktree ? ["--skip-trust"] : []),
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...(runsPermissionless(input) ? [GEMINI_BYPASS_FLAG] : []),
    ...options.args,
  ];
  return {
    launch: (input) =>
      Promise.resolve(input).then((launch) => {
        copyPromptIntoWorktree(launch);
        return {
          argv: [
            options.command,
            ...shared(launch),
            "--prompt-interactive",
            taskInstruction(`@${PROMPT_COPY}`),
          ],
          env,
        };
      }),
    resume: (input) => spec([options.command, ...shared(input), "--resume", input.agentSessionId], env),
    activity: (probe) => Promise.resolve(probe).then((p) => geminiActivity(p, geminiHome)),
    usage: (probe) => Promise.resolve(probe).then((p) => readGeminiUsage(geminiHome, p)),
    recognizeLimit: recognizeGeminiLimit,
    accountVariables: GEMINI_ACCOUNT,
    prepareWorkspace: async ({ worktree }) => {
      ensureAoDir(worktree);
      await writeGeminiHooks(worktree, nodePath, exec);
    },
    turnCursor: ({ worktree }) => Promise.resolve(logCursor(agentEventsFile(worktree))),
    observeTurn: (probe) =>
      Promise.resolve(probe).then((p) => observeGeminiHooks(agentEventsFile(p.worktree), p)),
    // "esc to cancel" (recorded): Escape ends the request and Gemini CLI says "Request cancelled.".
    interruptKeys: ["Escape"],
    // A turn ended, a tool waits for a person's permission, the CLI is ending.
    signals: hookSignals(["AfterAgent", "Notification", "SessionEnd"]),
  };
}

/**
 * A control-plane worker gets ao's MCP server in the worktree's settings (gemini/worker-mcp.ts),
 * merged after prepareWorkspace wrote the hooks there; others nothing.
 */
function workerArgs(input: AgentLaunchInput): string[] {
  if (input.mcpServer === undefined) return NO_WORKER_MCP.args;
  const launch = geminiWorkerMcp(input.mcpServer, input.worktree);
  writeWorkerMcpFiles(input.worktree, launch);
  return launch.args;
}

function spec(argv: string[], env: Record<string, string>): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env });
}

function ensureAoDir(worktree: string): void {
  claimWorkspaceFiles(worktree, [PROMPT_NAME, AGENT_EVENTS_NAME], [`/${GEMINI_WORKSPACE_SETTINGS}`]);
}

function copyPromptIntoWorktree(input: AgentLaunchInput): void {
  ensureAoDir(input.worktree);
  copyFileSync(input.promptFile, join(input.worktree, PROMPT_COPY));
}

function geminiActivity(probe: ActivityProbe, geminiHome: string): ActivityReport {
  const agentSessionId = findGeminiSessionId(geminiHome, probe.worktree) ?? probe.agentSessionId;
  const fromLiveness = activityFromLiveness(probe.liveness);
  if (fromLiveness) return withSessionId(fromLiveness, agentSessionId);
  const report = classifyScreen(probe.screen, GEMINI_SCREEN_RULES) ?? {
    activity: "unknown",
    detail: "no recognisable screen",
  };
  return withSessionId(report, agentSessionId);
}

export function geminiHomeFrom(env: PluginContext["env"]): string {
  return join(env["HOME"] ?? homedir(), ".gemini");
}

export const plugin = definePlugin({
  slot: "agent",
  name: "gemini",
  defaultModels: GEMINI_DEFAULT_MODELS,
  ...agentProgram(
    "gemini",
    {
      binary: "gemini",
      recordedVersion: RECORDED_VERSIONS.gemini,
      versionArgs: ["--version"],
      install: "npm i -g @google/gemini-cli",
    },
    GEMINI_LOGIN,
    (options) => geminiAcpAdapter(options as GeminiOptions),
  ),
  description:
    "Google Gemini CLI (gemini): --prompt-interactive, hooks for turns, session files for the id, `--resume <id>`; protocol: acp (default: terminal) runs gemini --experimental-acp",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.geminiOptions),
  defaults: { command: "gemini", args: [], trustWorktree: true, protocol: "terminal" },
  create: (options, ctx) =>
    agentForProtocol(options, geminiAcpAdapter(options), ctx.paths.home, () =>
      createGeminiAgent(options, geminiHomeFrom(ctx.env), ctx.exec),
    ),
});
