import { z } from "zod";
import {
  definePlugin,
  packageRoot,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
} from "../../core/plugin-api.js";
import { activityFromLiveness } from "./_shared/liveness-activity.js";
import { acpTurns } from "./acp/acp-turns.js";
import { conversationActivity, EMPTY_CONVERSATION, foldConversation } from "./acp/conversation-state.js";
import { aoScriptIn, hostLaunchSpec, type HostLaunch } from "./acp/host-launch.js";
import { acpRecordPath } from "./acp/record.js";
import { readRecordSince } from "./acp/record-entries.js";

export const acpOptions = z.strictObject({
  argv: z.array(z.string()).min(1).meta({
    description:
      "The ACP agent's program and its arguments (e.g. [gemini, --experimental-acp]); ao's host starts it and speaks ACP over its stdio. Never a shell string.",
  }),
  env: z
    .record(z.string(), z.string())
    .default({})
    .meta({ description: "Extra environment for the host and the agent it starts." }),
  modelArgs: z.array(z.string()).default([]).meta({
    description:
      'Appended to argv when the session has a model, {model} filled in (e.g. [--model, "{model}"]). Empty: ACP has no standard way to pick a model, so none is passed.',
  }),
});

export type AcpOptions = z.output<typeof acpOptions>;

/**
 * agent/acp: any agent that speaks the Agent Client Protocol (docs/acp.md). The runtime runs ao's
 * ACP host, which owns the agent's stdio and records every message; this plugin launches the host
 * and reads that record for activity, turns, tool calls and permission questions.
 */
export function createAcpAgent(options: AcpOptions, host: Omit<HostLaunch, "agentArgv" | "env">): Agent {
  const recordOf = (sessionId: string) => acpRecordPath(host.aoHome, sessionId);
  const launchOf = (input: AgentLaunchInput): HostLaunch => ({
    ...host,
    env: options.env,
    agentArgv: [...options.argv, ...modelArgs(options.modelArgs, input.model)],
  });
  const activity = conversationReader(recordOf);
  return {
    ...acpTurns(recordOf),
    answersQuestions: true,
    taskIsTurn: true,
    launch: (input) => Promise.resolve(hostLaunchSpec(launchOf(input), input)),
    resume: (input) => Promise.resolve(hostLaunchSpec(launchOf(input), input, input.agentSessionId)),
    activity: (probe) => Promise.resolve(probe).then(activity),
  };
}

function modelArgs(template: readonly string[], model: string | undefined): string[] {
  if (model === undefined) return [];
  return template.map((word) => word.replaceAll("{model}", model));
}

/**
 * The activity of each session from its record, read on from where the last probe stopped (the
 * daemon probes every session each cycle; a long conversation is not read again from its start).
 */
function conversationReader(
  recordOf: (sessionId: string) => string,
): (probe: ActivityProbe) => ActivityReport {
  const seen = new Map<string, { offset: number; state: typeof EMPTY_CONVERSATION }>();
  return (probe) => {
    const before = seen.get(probe.sessionId) ?? { offset: 0, state: EMPTY_CONVERSATION };
    const read = readRecordSince(recordOf(probe.sessionId), before.offset);
    // A record shorter than before was replaced: its lines are read from the start.
    const base = read.offset < before.offset ? EMPTY_CONVERSATION : before.state;
    const state = foldConversation(base, read.entries);
    seen.set(probe.sessionId, { offset: read.offset, state });
    const report = conversationActivity(state);
    const fromLiveness = activityFromLiveness(probe.liveness);
    if (fromLiveness === undefined) return report;
    const agentSessionId = report.agentSessionId ?? probe.agentSessionId;
    return agentSessionId === undefined ? fromLiveness : { ...fromLiveness, agentSessionId };
  };
}

export const plugin = definePlugin({
  slot: "agent",
  name: "acp",
  description: "Any agent that speaks the Agent Client Protocol (ACP), run by ao's ACP host",
  options: acpOptions,
  create: (options, ctx) =>
    createAcpAgent(options, {
      node: process.execPath,
      aoScript: aoScriptIn(packageRoot()),
      aoHome: ctx.paths.home,
    }),
});
