import {
  packageRoot,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentLaunchInput,
} from "../../../core/plugin-api.js";
import { activityFromLiveness } from "../_shared/liveness-activity.js";
import { acpTurns } from "./acp-turns.js";
import { conversationActivity, EMPTY_CONVERSATION, foldConversation } from "./conversation-state.js";
import { aoScriptIn, hostLaunchSpec, type HostLaunch } from "./host-launch.js";
import { setTimeout as sleepMs } from "node:timers/promises";
import { readAcpUsage } from "./acp-usage.js";
import { handOverAcp } from "./hand-over.js";
import { acpRecordPath } from "./record.js";
import { readRecordSince } from "./record-entries.js";
import { recordSignals } from "./record-signals.js";

/** The ACP agent's argv and extra environment for one launch (a model or a worktree may be in them). */
export type AcpCommandOf = (input: AgentLaunchInput) => {
  argv: string[];
  env: Record<string, string>;
  /** The TUI `ao session takeover` runs (takeover.ts); absent: the session cannot be taken over. */
  takeover?: readonly string[] | undefined;
};

/** Where the host comes from: this ao's node and script, and the AO_HOME its records go under. */
export type AcpHost = Omit<HostLaunch, "agentArgv" | "env" | "takeover">;

/** This ao's host for records under `aoHome` (a plugin's `ctx.paths.home`). */
export function acpHostIn(aoHome: string): AcpHost {
  return { node: process.execPath, aoScript: aoScriptIn(packageRoot()), aoHome };
}

/**
 * An agent run over ACP (docs/acp.md): the runtime runs ao's ACP host, which starts the ACP agent
 * `commandOf` names, owns its stdio and records every message; the agent reads that record for
 * activity, turns, tool calls and permission questions. The `acp` plugin and the ACP mode of the
 * built-in agents (`protocol: acp`) are both this; they differ only in the command.
 */
export function acpAgentOf(commandOf: AcpCommandOf, host: AcpHost): Agent {
  const recordOf = (sessionId: string) => acpRecordPath(host.aoHome, sessionId);
  const launchOf = (input: AgentLaunchInput): HostLaunch => {
    const command = commandOf(input);
    return { ...host, env: command.env, agentArgv: command.argv, takeover: command.takeover };
  };
  const activity = conversationReader(recordOf);
  return {
    ...acpTurns(recordOf),
    answersQuestions: true,
    launch: (input) => Promise.resolve(hostLaunchSpec(launchOf(input), input)),
    resume: (input) => Promise.resolve(hostLaunchSpec(launchOf(input), input, input.agentSessionId)),
    activity: (probe) => Promise.resolve(probe).then(activity),
    usage: (probe) => Promise.resolve(probe).then((p) => readAcpUsage(recordOf(p.sessionId), p)),
    handOver: (sessionId, to) => handOverAcp(recordOf(sessionId), to, sleepMs),
    signals: recordSignals(recordOf),
  };
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
