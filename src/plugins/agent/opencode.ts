import { copyFileSync } from "node:fs";
import { join } from "node:path";
import {
  definePlugin,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
  type Exec,
  type LaunchSpec,
} from "../../core/plugin-api.js";
import { agentProgram } from "./_shared/agent-program.js";
import { RECORDED_VERSIONS } from "./_shared/recorded-versions.js";
import { OPENCODE_ACCOUNT, OPENCODE_LOGIN } from "./_shared/agent-logins.js";
import { AGENT_EVENTS_NAME, AO_WORKSPACE_DIR, agentEventsFile, hookSignals } from "./_shared/agent-events.js";
import { logCursor } from "./_shared/event-log.js";
import { claimWorkspaceFiles } from "./_shared/git-exclude.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { OpencodeOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { configContentWithPlugin, OPENCODE_CONFIG_ENV } from "./opencode/config-content.js";
import { observeOpencodeEvents } from "./opencode/event-turns.js";
import { OPENCODE_SCREEN_RULES } from "./opencode/screens.js";
import { findOpencodeSessionId } from "./opencode/session-list.js";
import { opencodeWorkerMcp } from "./opencode/worker-mcp.js";
import { runsPermissionless } from "./_shared/worker-mcp.js";
import { OPENCODE_PLUGIN_NAME, opencodePluginSpec, writeOpencodePlugin } from "./opencode/turn-plugin.js";
import { recognizeOpencodeLimit } from "./opencode/limits.js";
import { OPENCODE_DEFAULT_MODELS } from "./opencode/default-models.js";
import { opencodeAcpAdapter } from "./opencode/acp-adapter.js";
import { agentForProtocol } from "./_shared/acp-mode.js";

export { OPENCODE_ALLOW_ALL } from "./opencode/config-content.js";

/** Inside the workspace, so opencode reads it without asking for an outside directory. */
const PROMPT_NAME = "prompt.md";
const PROMPT_COPY = `${AO_WORKSPACE_DIR}/${PROMPT_NAME}`;

/**
 * agent/opencode. `opencode --mini --prompt <text>` submits the first message and stays
 * interactive (recorded from 1.18.33; the full TUI's `--prompt` only pre-fills its input box, and
 * `run --interactive` exits once it answered). The message names a copy of the task file inside the
 * worktree, which opencode reads with its own tools. Resume is `--mini --session <id>`, the line
 * opencode prints on exit. The session id comes from `opencode session list`; turns from ao's
 * opencode plugin, loaded through OPENCODE_CONFIG_CONTENT, which also carries `permissionless`.
 */
export function createOpencodeAgent(
  options: OpencodeOptions,
  exec: Exec,
  env: Readonly<Record<string, string | undefined>> = {},
): Agent {
  const shared = (input: AgentLaunchInput): string[] => [
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...options.args,
  ];
  const launchEnv = (input: AgentLaunchInput): Record<string, string> => {
    const content = configContentWithPlugin(
      env[OPENCODE_CONFIG_ENV],
      opencodePluginSpec(input.worktree),
      runsPermissionless(input),
    );
    // A control-plane worker gets ao's MCP server in the same content (opencode/worker-mcp.ts).
    if (input.mcpServer === undefined) return { [OPENCODE_CONFIG_ENV]: content };
    return opencodeWorkerMcp(input.mcpServer, content).env;
  };
  return {
    launch: (input) =>
      Promise.resolve(input).then((launch) => {
        copyPromptIntoWorktree(launch);
        const argv = [options.command, "--mini", ...shared(launch), "--prompt", taskInstruction(PROMPT_COPY)];
        return { argv, env: launchEnv(launch) };
      }),
    resume: (input) =>
      spec(
        [options.command, "--mini", "--session", input.agentSessionId, ...shared(input)],
        launchEnv(input),
      ),
    activity: (probe) => opencodeActivity(probe, options.command, exec),
    recognizeLimit: recognizeOpencodeLimit,
    accountVariables: OPENCODE_ACCOUNT,
    prepareWorkspace: ({ worktree }) =>
      Promise.resolve(worktree).then(() => {
        claimOpencodeFiles(worktree);
        writeOpencodePlugin(worktree);
      }),
    turnCursor: ({ worktree }) => Promise.resolve(logCursor(agentEventsFile(worktree))),
    observeTurn: (probe) =>
      Promise.resolve(probe).then((p) => observeOpencodeEvents(agentEventsFile(p.worktree), p)),
    // The footer says "esc interrupt", then "esc again to interrupt" (recorded): one Escape only arms it.
    interruptKeys: ["Escape", "Escape"],
    // ao's plugin records the bus events: the session went idle (a turn ended) or reported an error.
    signals: hookSignals(["session.idle", "session.error"], "type"),
  };
}

function spec(argv: string[], env: Record<string, string>): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env });
}

function claimOpencodeFiles(worktree: string): void {
  claimWorkspaceFiles(worktree, [PROMPT_NAME, AGENT_EVENTS_NAME, OPENCODE_PLUGIN_NAME]);
}

function copyPromptIntoWorktree(input: AgentLaunchInput): void {
  claimOpencodeFiles(input.worktree);
  copyFileSync(input.promptFile, join(input.worktree, PROMPT_COPY));
}

async function opencodeActivity(probe: ActivityProbe, command: string, exec: Exec): Promise<ActivityReport> {
  const agentSessionId = probe.agentSessionId ?? (await findOpencodeSessionId(exec, command, probe.worktree));
  const fromLiveness = activityFromLiveness(probe.liveness);
  if (fromLiveness) return withSessionId(fromLiveness, agentSessionId);
  const report = classifyScreen(probe.screen, OPENCODE_SCREEN_RULES) ?? {
    activity: "unknown",
    detail: "no recognisable screen",
  };
  return withSessionId(report, agentSessionId);
}

export const plugin = definePlugin({
  slot: "agent",
  name: "opencode",
  defaultModels: OPENCODE_DEFAULT_MODELS,
  ...agentProgram(
    "opencode",
    {
      binary: "opencode",
      recordedVersion: RECORDED_VERSIONS.opencode,
      versionArgs: ["--version"],
      install: "npm i -g opencode-ai",
    },
    OPENCODE_LOGIN,
    (options) => opencodeAcpAdapter(options as OpencodeOptions),
  ),
  description:
    "opencode: `--mini --prompt`, a plugin for turns, resume with --session <id>; protocol: acp (default: terminal) runs opencode acp",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.opencodeOptions),
  defaults: { command: "opencode", args: [], protocol: "terminal" },
  create: (options, ctx) =>
    agentForProtocol(options, opencodeAcpAdapter(options), ctx.paths.home, () =>
      createOpencodeAgent(options, ctx.exec, ctx.env),
    ),
});
