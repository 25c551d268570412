import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  definePlugin,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
  type LaunchSpec,
} from "../../core/plugin-api.js";
import { AO_WORKSPACE_DIR } from "./_shared/agent-events.js";
import { claimWorkspaceFiles } from "./_shared/git-exclude.js";
import { agentProgram } from "./_shared/agent-program.js";
import { AIDER_LOGIN } from "./_shared/agent-logins.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { AiderOptions } from "./_shared/plugin-options.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { AIDER_SCREEN_RULES } from "./aider/screens.js";
import { runsPermissionless } from "./_shared/worker-mcp.js";

/** aider's "always say yes to every confirmation"; only with `permissions: permissionless`. */
export const AIDER_BYPASS_FLAG = "--yes-always";

const CHAT_HISTORY_NAME = "aider.chat.history.md";
const INPUT_HISTORY_NAME = "aider.input.history";

/**
 * agent/aider. aider has no conversation id: its conversation is its chat history file, which ao
 * keeps in the worktree's `.ao/` and reports as the agent session id; resume restores it with
 * `--restore-chat-history`. aider takes no first prompt in interactive mode (`--message` and
 * `--message-file` exit after one reply), so the task file is loaded read-only (`--read`) and the
 * session starts idle until a message is sent.
 */
export function createAiderAgent(options: AiderOptions): Agent {
  const shared = (input: AgentLaunchInput, history: string): string[] => [
    "--read",
    input.promptFile,
    "--chat-history-file",
    history,
    "--input-history-file",
    join(input.worktree, AO_WORKSPACE_DIR, INPUT_HISTORY_NAME),
    // aider would otherwise add `.aider*` to the repository's .gitignore, a change nobody asked for.
    "--no-gitignore",
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...(runsPermissionless(input) ? [AIDER_BYPASS_FLAG] : []),
    ...options.args,
  ];
  return {
    launch: (input) => spec([options.command, ...shared(input, chatHistoryFile(input.worktree))]),
    resume: (input) =>
      spec([options.command, ...shared(input, input.agentSessionId), "--restore-chat-history"]),
    activity: (probe) => Promise.resolve(probe).then(aiderActivity),
    prepareWorkspace: ({ worktree }) =>
      Promise.resolve(worktree).then(() => {
        claimWorkspaceFiles(worktree, [CHAT_HISTORY_NAME, INPUT_HISTORY_NAME]);
      }),
  };
}

function spec(argv: string[]): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env: {} });
}

export function chatHistoryFile(worktree: string): string {
  return join(worktree, AO_WORKSPACE_DIR, CHAT_HISTORY_NAME);
}

function aiderActivity(probe: ActivityProbe): ActivityReport {
  const history = chatHistoryFile(probe.worktree);
  const agentSessionId = existsSync(history) ? history : probe.agentSessionId;
  const fromLiveness = activityFromLiveness(probe.liveness);
  if (fromLiveness) return withSessionId(fromLiveness, agentSessionId);
  const report = classifyScreen(probe.screen, AIDER_SCREEN_RULES) ?? {
    activity: "unknown",
    detail: "no recognisable screen",
  };
  return withSessionId(report, agentSessionId);
}

export const plugin = definePlugin({
  slot: "agent",
  name: "aider",
  ...agentProgram(
    "aider",
    {
      binary: "aider",
      versionArgs: ["--version"],
      install: "pipx install aider-chat",
    },
    AIDER_LOGIN,
  ),
  description: "aider: task file loaded read-only, chat history in .ao/ restored on resume",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.aiderOptions),
  defaults: { command: "aider", args: [] },
  create: (options) => createAiderAgent(options),
});
