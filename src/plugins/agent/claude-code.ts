import { homedir } from "node:os";
import { join } from "node:path";
import {
  definePlugin,
  parseDuration,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
  type LaunchSpec,
  type PluginCheck,
  type PluginCheckContext,
  type PluginContext,
} from "../../core/plugin-api.js";
import {
  AGENT_EVENTS_NAME,
  agentEventsFile,
  hookSignals,
  readRecentEvents,
  stringField,
} from "./_shared/agent-events.js";
import { claimWorkspaceFiles } from "./_shared/git-exclude.js";
import { agentProgram } from "./_shared/agent-program.js";
import { RECORDED_VERSIONS } from "./_shared/recorded-versions.js";
import { CLAUDE_CODE_ACCOUNT, CLAUDE_CODE_LOGIN } from "./_shared/agent-logins.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { ClaudeCodeOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { stillUnknownScreen } from "./_shared/still-screen.js";
import { activityFromHooks, sessionIdFromHooks } from "./claude-code/hook-activity.js";
import { CLAUDE_SCREEN_RULES } from "./claude-code/screens.js";
import { CLAUDE_LOCAL_SETTINGS, writeClaudeHooks } from "./claude-code/settings-hooks.js";
import { endsInterrupted } from "./claude-code/transcript-turns.js";
import { claudeTurns } from "./claude-code/turns.js";
import { readClaudeUsage } from "./claude-code/usage.js";
import { latestClaudeConversation } from "./claude-code/conversations.js";
import { claudeWorkerMcp } from "./claude-code/worker-mcp.js";
import { NO_WORKER_MCP, runsPermissionless, writeWorkerMcpFiles } from "./_shared/worker-mcp.js";
import { recognizeClaudeLimit } from "./claude-code/limits.js";
import { CLAUDE_CODE_DEFAULT_MODELS } from "./claude-code/default-models.js";
import { claudeStateFile, preTrustWorktree } from "./claude-code/pre-trust.js";
import { checkClaudeOnboarding } from "./claude-code/onboarding-check.js";
import { claudeAcpAdapter } from "./claude-code/acp-adapter.js";
import { agentForProtocol } from "./_shared/acp-mode.js";
import { protocolOptionsIn } from "./_shared/acp-adapter-check.js";

export type { ClaudeCodeOptions } from "./_shared/plugin-options.js";

/** The one flag that turns Claude Code's permission prompts off; only with `permissions: permissionless`. */
export const CLAUDE_BYPASS_FLAG = "--dangerously-skip-permissions";

/**
 * agent/claude-code (the default). The task reaches Claude as an `@file` mention in the first prompt
 * (Claude Code reads the file into the conversation itself). Hooks in the worktree's
 * `.claude/settings.local.json` append every event to `.ao/agent-events.jsonl`, which gives the
 * session id to resume, the activity and the turns (with the transcript); the screen adds the
 * dialogs hooks cannot see. Usage comes from the transcripts under `paths.configDir`. The worktree
 * is marked trusted in `paths.stateFile` before the launch (claude-code/pre-trust.ts): Claude Code
 * 2.1.33x would otherwise open its trust dialog on "No, exit", because ao's hooks are in the folder.
 */
export function createClaudeCodeAgent(
  options: ClaudeCodeOptions,
  nodePath: string,
  paths: ClaudePaths = claudePathsFrom(process.env),
): Agent {
  const { configDir, stateFile } = paths;
  const stillMs = parseDuration(options.stillScreenAfter);
  const shared = (input: AgentLaunchInput): string[] => [
    ...workerArgs(input),
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...permissionArgs(options, input),
    ...options.args,
  ];
  return {
    ...claudeTurns(),
    launch: (input) =>
      spec([options.command, ...shared(input), taskInstruction(atMention(input.promptFile))]),
    resume: (input) => spec([options.command, "--resume", input.agentSessionId, ...shared(input)]),
    activity: (probe) => Promise.resolve(probe).then((p) => claudeActivity(p, stillMs)),
    usage: (probe) => Promise.resolve(probe).then((p) => readClaudeUsage(configDir, p)),
    latestConversation: (worktree) => Promise.resolve(latestClaudeConversation(configDir, worktree)),
    recognizeLimit: recognizeClaudeLimit,
    // A turn ended (or failed: a usage limit), a dialog waits for a person, the CLI is ending.
    signals: hookSignals(["Stop", "StopFailure", "Notification", "SessionEnd"]),
    accountVariables: CLAUDE_CODE_ACCOUNT,
    prepareWorkspace: ({ worktree }) =>
      Promise.resolve(worktree).then(() => {
        claimWorkspaceFiles(worktree, [AGENT_EVENTS_NAME], [`/${CLAUDE_LOCAL_SETTINGS}`]);
        writeClaudeHooks(worktree, nodePath);
        preTrustWorktree(stateFile, worktree);
      }),
  };
}

function spec(argv: string[]): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env: {} });
}

/** A control-plane worker gets ao's MCP server for this run (claude-code/worker-mcp.ts); others nothing. */
function workerArgs(input: AgentLaunchInput): string[] {
  if (input.mcpServer === undefined) return NO_WORKER_MCP.args;
  const launch = claudeWorkerMcp(input.mcpServer, input.worktree);
  writeWorkerMcpFiles(input.worktree, launch);
  return launch.args;
}

function permissionArgs(options: ClaudeCodeOptions, input: AgentLaunchInput): string[] {
  if (runsPermissionless(input)) return [CLAUDE_BYPASS_FLAG];
  return options.permissionMode === undefined ? [] : ["--permission-mode", options.permissionMode];
}

/** Claude Code expands `@path` in a prompt into the file's content; a path with spaces is quoted. */
function atMention(path: string): string {
  return /\s/.test(path) ? `@"${path}"` : `@${path}`;
}

function claudeActivity(probe: ActivityProbe, stillMs: number): ActivityReport {
  const events = readRecentEvents(agentEventsFile(probe.worktree));
  const agentSessionId = sessionIdFromHooks(events) ?? probe.agentSessionId;
  const fromLiveness = activityFromLiveness(probe.liveness);
  if (fromLiveness) return withSessionId(fromLiveness, agentSessionId);
  const fromScreen = classifyScreen(probe.screen, CLAUDE_SCREEN_RULES);
  // A dialog on screen outranks the hooks: the permission Notification fires seconds late, and the
  // folder-trust dialog comes before any hook runs at all.
  if (fromScreen?.activity === "needs_input") return withSessionId(fromScreen, agentSessionId);
  const report = afterInterrupt(activityFromHooks(events), events) ??
    fromScreen ?? { activity: "unknown", detail: "no hook event and no recognisable screen yet" };
  // A dialog nobody reports (no hook, no known screen) stands still where work would not.
  const still =
    report.activity === "idle" ? undefined : stillUnknownScreen(probe, CLAUDE_SCREEN_RULES, stillMs);
  return withSessionId(still ?? report, agentSessionId);
}

/** No hook runs when a person interrupts a turn: the transcript's interruption marker says it is over. */
function afterInterrupt(
  report: ActivityReport | undefined,
  events: readonly Record<string, unknown>[],
): ActivityReport | undefined {
  if (report?.activity !== "working") return report;
  const transcript = events.map((event) => stringField(event, "transcript_path")).findLast(Boolean);
  if (transcript === undefined || !endsInterrupted(transcript)) return report;
  return { activity: "idle", detail: "turn interrupted" };
}

/** Where Claude Code keeps its transcripts (`configDir`) and its global state with folder trust (`stateFile`). */
export interface ClaudePaths {
  configDir: string;
  stateFile: string;
}

/** `$CLAUDE_CONFIG_DIR` (and the `.claude.json` in it), or `~/.claude` and `~/.claude.json`, as Claude Code itself defaults. */
export function claudePathsFrom(env: PluginContext["env"]): ClaudePaths {
  const home = env["HOME"] ?? homedir();
  return { configDir: claudeConfigDirFrom(env), stateFile: claudeStateFile(env, home) };
}

/** `$CLAUDE_CONFIG_DIR`, or `~/.claude` as Claude Code itself defaults. */
export function claudeConfigDirFrom(env: PluginContext["env"]): string {
  const fromEnv = env["CLAUDE_CONFIG_DIR"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return join(env["HOME"] ?? homedir(), ".claude");
}

const CLAUDE_PROGRAM = agentProgram(
  "claude-code",
  {
    binary: "claude",
    recordedVersion: RECORDED_VERSIONS.claude,
    versionArgs: ["--version"],
    install: "npm i -g @anthropic-ai/claude-code",
  },
  CLAUDE_CODE_LOGIN,
  (options) => claudeAcpAdapter((options as ClaudeCodeOptions).command),
);

/**
 * The CLI (or with protocol acp its adapter) and its login (agentProgram), then, once the CLI is
 * installed, its finished first-run set-up (a TUI screen: the adapter runs Claude Code without one).
 */
async function claudeDoctor(options: unknown, ctx: PluginCheckContext): Promise<PluginCheck[]> {
  const checks = await CLAUDE_PROGRAM.doctor(options, ctx);
  if (checks[0]?.status !== "ok" || protocolOptionsIn(options).protocol === "acp") return checks;
  return [...checks, checkClaudeOnboarding(claudePathsFrom(ctx.env).stateFile)];
}

export const plugin = definePlugin({
  slot: "agent",
  name: "claude-code",
  defaultModels: CLAUDE_CODE_DEFAULT_MODELS,
  program: CLAUDE_PROGRAM.program,
  doctor: claudeDoctor,
  description:
    "Claude Code (claude): hooks for session id, activity and turns, resume by session id; protocol: acp (default: terminal) runs claude-agent-acp",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.claudeCodeOptions),
  defaults: { command: "claude", args: [], stillScreenAfter: "30s", protocol: "terminal" },
  create: (options, ctx) =>
    agentForProtocol(options, claudeAcpAdapter(options.command), ctx.paths.home, () =>
      createClaudeCodeAgent(options, process.execPath, claudePathsFrom(ctx.env)),
    ),
});
