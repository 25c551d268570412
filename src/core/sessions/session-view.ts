import type { ActivityReport, Liveness } from "../slots/index.js";
import type { JsonObject, Session } from "../store/index.js";
import type { SessionProbe } from "./probe-sessions.js";

/**
 * One session as `--json` prints it (docs/sessions.md documents the shape). `runtime.liveness` is
 * `not_started` when there is no handle; `activity.source` says whether the agent was asked now
 * (`probe`) or the last observation stored by the lifecycle daemon is shown (`store`).
 */
export interface SessionView {
  id: string;
  project: string;
  issue: string | null;
  branch: string;
  worktree: string;
  status: string;
  reason: string | null;
  spawnStep: string | null;
  runtime: {
    name: string;
    handle: JsonObject | null;
    liveness: Liveness["state"] | "not_started";
    exitCode?: number | null;
    detail?: string;
  };
  agent: { name: string; sessionId: string | null };
  activity: { state: string; detail?: string; source: "probe" | "store" } | null;
  pr: { number: number; url: string | null } | null;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
  ageMs: number;
}

export function sessionView(session: Session, probe: SessionProbe | undefined, now: number): SessionView {
  return {
    id: session.id,
    project: session.project,
    issue: session.issue,
    branch: session.branch,
    worktree: session.worktree,
    status: session.status,
    reason: session.reason,
    spawnStep: session.spawnStep,
    runtime: { name: session.runtime, handle: session.runtimeHandle, ...livenessView(probe?.liveness) },
    agent: { name: session.agent, sessionId: probe?.activity?.agentSessionId ?? session.agentSessionId },
    activity: activityView(probe?.activity, session.activity),
    pr: session.prNumber === null ? null : { number: session.prNumber, url: session.prUrl },
    createdAt: new Date(session.createdAt).toISOString(),
    updatedAt: new Date(session.updatedAt).toISOString(),
    endedAt: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
    ageMs: Math.max(0, now - session.createdAt),
  };
}

function livenessView(
  liveness: Liveness | undefined,
): Pick<SessionView["runtime"], "liveness" | "exitCode" | "detail"> {
  if (liveness === undefined) return { liveness: "not_started" };
  if (liveness.state === "exited") return { liveness: "exited", exitCode: liveness.exitCode };
  if (liveness.state === "unknown") return { liveness: "unknown", detail: liveness.reason };
  return { liveness: liveness.state };
}

function activityView(report: ActivityReport | undefined, stored: string | null): SessionView["activity"] {
  if (report !== undefined && (report.activity !== "unknown" || stored === null)) {
    return {
      state: report.activity,
      ...(report.detail === undefined ? {} : { detail: report.detail }),
      source: "probe",
    };
  }
  return stored === null ? null : { state: stored, source: "store" };
}
