import type { ActivityReport, Liveness } from "../../../core/plugin-api.js";

/**
 * What the runtime's answer alone decides: a process that is gone has exited, and a probe that
 * failed is unknown (never "exited": a busy tmux server is not a dead agent). Undefined while the
 * process is alive, when the agent's own signals have to be read.
 */
export function activityFromLiveness(liveness: Liveness): ActivityReport | undefined {
  switch (liveness.state) {
    case "exited":
      return { activity: "exited", detail: `exit code ${String(liveness.exitCode ?? "unknown")}` };
    case "missing":
      return { activity: "exited", detail: "process is gone" };
    case "unknown":
      return { activity: "unknown", detail: liveness.reason };
    case "alive":
      return undefined;
  }
}

/** Adds the agent's session id to a report when one is known. */
export function withSessionId(report: ActivityReport, agentSessionId: string | undefined): ActivityReport {
  return agentSessionId === undefined ? report : { ...report, agentSessionId };
}
