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
import { agentProgram } from "./_shared/agent-program.js";
import { RECORDED_VERSIONS } from "./_shared/recorded-versions.js";
import { CODEX_ACCOUNT, CODEX_LOGIN } from "./_shared/agent-logins.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { CodexOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { activityFromRollout, findRollout } from "./codex/rollouts.js";
import { readCodexUsage } from "./codex/usage.js";
import { CODEX_SCREEN_RULES } from "./codex/screens.js";
import { codexTurns } from "./codex/turns.js";
import { rolloutSignals } from "./codex/rollout-signals.js";
import { codexWorkerMcp } from "./codex/worker-mcp.js";
import { runsPermissionless } from "./_shared/worker-mcp.js";
import { recognizeCodexLimit } from "./codex/limits.js";
import { CODEX_DEFAULT_MODELS } from "./codex/default-models.js";
import { codexAcpAdapter } from "./codex/acp-adapter.js";
import { trustOverride } from "./codex/trust-override.js";
import { agentForProtocol } from "./_shared/acp-mode.js";

export type { CodexOptions } from "./_shared/plugin-options.js";
export { trustOverride } from "./codex/trust-override.js";

/** The one flag that turns off Codex's approvals and sandbox; only with `permissions: permissionless`. */
export const CODEX_BYPASS_FLAG = "--dangerously-bypass-approvals-and-sandbox";

/**
 * agent/codex. Codex's TUI takes the first prompt as an argument; the prompt names the task file,
 * which Codex reads with its own tools (reading is allowed in its default sandbox). The session id,
 * the activity and the turns come from Codex's rollout files, matched to the worktree by the cwd
 * they record.
 */
export function createCodexAgent(options: CodexOptions, codexHome: string): Agent {
  const shared = (input: AgentLaunchInput): string[] => [
    // A control-plane worker gets ao's MCP server for this run (codex/worker-mcp.ts).
    ...(input.mcpServer === undefined ? [] : codexWorkerMcp(input.mcpServer).args),
    ...(options.trustWorktree ? ["-c", trustOverride(input.worktree)] : []),
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...(runsPermissionless(input) ? [CODEX_BYPASS_FLAG] : []),
    ...options.args,
  ];
  return {
    ...codexTurns(codexHome),
    launch: (input) => spec([options.command, ...shared(input), taskInstruction(input.promptFile)]),
    // `resume` is a subcommand: its options follow it, and it takes the session id as an argument.
    resume: (input) => spec([options.command, "resume", ...shared(input), input.agentSessionId]),
    activity: (probe) => Promise.resolve(probe).then((p) => codexActivity(p, codexHome)),
    usage: (probe) => Promise.resolve(probe).then((p) => readCodexUsage(codexHome, p)),
    // The newest rollout recorded in this checkout (rollouts.ts reads them newest first).
    latestConversation: (worktree) => Promise.resolve(findRollout(codexHome, worktree)?.sessionId),
    recognizeLimit: recognizeCodexLimit,
    accountVariables: CODEX_ACCOUNT,
    signals: rolloutSignals(codexHome),
  };
}

function spec(argv: string[]): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env: {} });
}

function codexActivity(probe: ActivityProbe, codexHome: string): ActivityReport {
  const rollout = findRollout(codexHome, probe.worktree, probe.agentSessionId);
  const agentSessionId = rollout?.sessionId ?? probe.agentSessionId;
  const fromLiveness = activityFromLiveness(probe.liveness);
  if (fromLiveness) return withSessionId(fromLiveness, agentSessionId);
  const fromScreen = classifyScreen(probe.screen, CODEX_SCREEN_RULES);
  if (fromScreen?.activity === "needs_input") return withSessionId(fromScreen, agentSessionId);
  const fromRollout = rollout ? activityFromRollout(rollout.file) : undefined;
  const report = fromRollout ??
    fromScreen ?? { activity: "unknown", detail: "no rollout file and no recognisable screen yet" };
  return withSessionId(report, agentSessionId);
}

/** `$CODEX_HOME`, or `~/.codex` as Codex itself defaults. */
export function codexHomeFrom(env: PluginContext["env"]): string {
  const fromEnv = env["CODEX_HOME"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return join(env["HOME"] ?? homedir(), ".codex");
}

export const plugin = definePlugin({
  slot: "agent",
  name: "codex",
  defaultModels: CODEX_DEFAULT_MODELS,
  ...agentProgram(
    "codex",
    {
      binary: "codex",
      recordedVersion: RECORDED_VERSIONS.codex,
      versionArgs: ["--version"],
      install: "npm i -g @openai/codex",
    },
    CODEX_LOGIN,
    (options) => codexAcpAdapter(options as CodexOptions),
  ),
  description:
    "OpenAI Codex CLI (codex): rollout files for session id, activity and turns, `codex resume <id>`; protocol: acp (default: terminal) runs codex-acp",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.codexOptions),
  defaults: { command: "codex", args: [], trustWorktree: true, protocol: "terminal" },
  create: (options, ctx) =>
    agentForProtocol(options, codexAcpAdapter(options), ctx.paths.home, () =>
      createCodexAgent(options, codexHomeFrom(ctx.env)),
    ),
});
