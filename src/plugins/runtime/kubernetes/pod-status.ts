import type { Liveness } from "../../../core/plugin-api.js";
import { AGENT_CONTAINER } from "./names.js";

interface ContainerStatus {
  name: string;
  state?: {
    running?: { startedAt?: string };
    waiting?: { reason?: string; message?: string };
    terminated?: { exitCode?: number; reason?: string };
  };
}

/** The parts of a Pod ao reads. */
export interface PodObject {
  metadata: { name: string; uid?: string; deletionTimestamp?: string; labels?: Record<string, string> };
  spec?: { nodeName?: string };
  status?: {
    phase?: string;
    reason?: string;
    message?: string;
    containerStatuses?: ContainerStatus[];
    initContainerStatuses?: ContainerStatus[];
  };
}

/**
 * A pod's liveness from its status alone. The agent container lives exactly as long as the agent's
 * pane (pod-scripts.ts), so a running container is a running agent and a terminated one carries the
 * agent's exit code and the kubelet's reason (OOMKilled, Error, Completed); a Failed pod whose
 * agent never started (an init container failed, evicted) is exited with the pod's reason. A pod
 * still starting (Pending, image pulling) is `unknown` with why, never dead.
 */
export function podLiveness(pod: PodObject | undefined): Liveness {
  if (pod === undefined) return { state: "missing" };
  const agent = pod.status?.containerStatuses?.find((status) => status.name === AGENT_CONTAINER);
  const terminated = agent?.state?.terminated;
  if (terminated !== undefined) {
    return {
      state: "exited",
      exitCode: terminated.exitCode ?? null,
      reason: terminated.reason ?? "Terminated",
    };
  }
  const phase = pod.status?.phase ?? "Unknown";
  if (phase === "Failed" || phase === "Succeeded") {
    return { state: "exited", exitCode: null, reason: pod.status?.reason ?? failedInit(pod) ?? phase };
  }
  if (agent?.state?.running !== undefined && phase === "Running") return { state: "alive" };
  const waiting = agent?.state?.waiting ?? pendingInit(pod);
  const why =
    waiting?.reason === undefined
      ? ""
      : `: ${waiting.reason}${waiting.message ? ` (${waiting.message})` : ""}`;
  return { state: "unknown", reason: `pod ${pod.metadata.name} is ${phase}${why}` };
}

function failedInit(pod: PodObject): string | undefined {
  const failed = pod.status?.initContainerStatuses?.find(
    (status) => (status.state?.terminated?.exitCode ?? 0) !== 0,
  );
  if (failed === undefined) return undefined;
  return `init container ${failed.name} failed (exit ${String(failed.state?.terminated?.exitCode)})`;
}

function pendingInit(pod: PodObject): { reason?: string; message?: string } | undefined {
  const running = pod.status?.initContainerStatuses?.find((status) => status.state?.running !== undefined);
  return running === undefined ? undefined : { reason: `init container ${running.name} running` };
}

/** True when the named container is running (exec into it works). */
export function containerRunning(pod: PodObject, name: string, init = false): boolean {
  const statuses = init ? pod.status?.initContainerStatuses : pod.status?.containerStatuses;
  return statuses?.find((status) => status.name === name)?.state?.running !== undefined;
}

/** True once the named container has run at all (running now, or ended after starting). */
export function containerStarted(pod: PodObject, name: string): boolean {
  const state = pod.status?.containerStatuses?.find((status) => status.name === name)?.state;
  return state?.running !== undefined || state?.terminated !== undefined;
}
