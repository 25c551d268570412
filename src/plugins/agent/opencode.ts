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
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import type { OpencodeOptions } from "./_shared/plugin-options.js";
import { taskInstruction } from "./_shared/task-instruction.js";
import { classifyScreen } from "./_shared/screen-rules.js";
import { OPENCODE_SCREEN_RULES } from "./opencode/screens.js";
import { findOpencodeSessionId } from "./opencode/session-list.js";

/** opencode's "auto-approve permissions that are not explicitly denied"; only when permissionless. */
export const OPENCODE_BYPASS_FLAG = "--auto";

/**
 * agent/opencode. The TUI's `--prompt` only pre-fills the input box (recorded), so a launch uses
 * `opencode run --interactive`, which sends the first message with the task file attached
 * (`--file`) and stays interactive. Resume opens the TUI on the session (`--session <id>`), as
 * opencode itself suggests on exit. The session id comes from `opencode session list`.
 */
export function createOpencodeAgent(options: OpencodeOptions, exec: Exec): Agent {
  const shared = (input: AgentLaunchInput): string[] => [
    ...(input.model === undefined ? [] : ["--model", input.model]),
    ...(input.permissions === "permissionless" ? [OPENCODE_BYPASS_FLAG] : []),
    ...options.args,
  ];
  return {
    launch: (input) =>
      spec([
        options.command,
        "run",
        "--interactive",
        ...shared(input),
        "--file",
        input.promptFile,
        // `--file` takes any number of values: `--` ends them before the message.
        "--",
        taskInstruction("the attached file"),
      ]),
    resume: (input) => spec([options.command, "--session", input.agentSessionId, ...shared(input)]),
    activity: (probe) => opencodeActivity(probe, options.command, exec),
  };
}

function spec(argv: string[]): Promise<LaunchSpec> {
  return Promise.resolve({ argv, env: {} });
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
  ...agentProgram("opencode", {
    binary: "opencode",
    versionArgs: ["--version"],
    install: "npm i -g opencode-ai",
  }),
  description: "opencode: `run --interactive` with the task file attached, resume with --session <id>",
  // Built on the first options given: `ao status` probes agents without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.opencodeOptions),
  defaults: { command: "opencode", args: [] },
  create: (options, ctx) => createOpencodeAgent(options, ctx.exec),
});
