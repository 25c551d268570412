import { copyFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  definePlugin,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
  type LaunchSpec,
  type PluginContext,
} from "../../core/plugin-api.js";
import { AO_WORKSPACE_DIR } from "./_shared/agent-events.js";
import { claimWorkspaceFiles } from "./_shared/git-exclude.js";
import { agentProgram } from "./_shared/agent-program.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { GeminiOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { GEMINI_SCREEN_RULES } from "./gemini/screens.js";
import { findGeminiSessionId } from "./gemini/sessions.js";

export type { GeminiOptions } from "./_shared/plugin-options.js";

/** The flag that approves every tool call; only with `permissions: permissionless`. */
export const GEMINI_BYPASS_FLAG = "--yolo";

/** Inside the workspace: Gemini CLI asks before it reads a file outside it (recorded). */
const PROMPT_NAME = "prompt.md";
const PROMPT_COPY = `${AO_WORKSPACE_DIR}/${PROMPT_NAME}`;

/**
 * agent/gemini. `--prompt-interactive` runs the first prompt and stays interactive; the prompt
 * `@`-mentions a copy of the task file inside the worktree, which Gemini CLI reads into the
 * conversation. The session id comes from Gemini's own session files; the activity from the screen.
 */
export function createGeminiAgent(options: GeminiOptions, geminiHome: string): Agent {
  const shared = (input: AgentLaunchInput): string[] => [
    ...(options.trustWorktree ? ["--skip-trust"] : []),
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...(input.permissions === "permissionless" ? [GEMINI_BYPASS_FLAG] : []),
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
          env: {},
        };
      }),
    resume: (input) => spec([options.command, ...shared(input), "--resume", input.agentSessionId]),
    activity: (probe) => Promise.resolve(probe).then((p) => geminiActivity(p, geminiHome)),
    prepareWorkspace: ({ worktree }) => Promise.resolve(worktree).then(ensureAoDir),
  };
}

function spec(argv: string[]): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env: {} });
}

function ensureAoDir(worktree: string): void {
  claimWorkspaceFiles(worktree, [PROMPT_NAME]);
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
  ...agentProgram("gemini", {
    binary: "gemini",
    versionArgs: ["--version"],
    install: "npm i -g @google/gemini-cli",
  }),
  description: "Google Gemini CLI (gemini): --prompt-interactive, session files for the id, `--resume <id>`",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.geminiOptions),
  defaults: { command: "gemini", args: [], trustWorktree: true },
  create: (options, ctx) => createGeminiAgent(options, geminiHomeFrom(ctx.env)),
});
