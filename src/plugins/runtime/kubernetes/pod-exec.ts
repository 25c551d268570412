import type { ExecResult } from "../../../core/plugin-api.js";
import type { Kubectl } from "./kubectl.js";

/** What one `kubectl exec` came to. */
export type PodExecOutcome =
  | { kind: "ran"; exitCode: number | null; stdout: string; stderr: string }
  | { kind: "missing"; complaint: string }
  | { kind: "unreachable"; complaint: string };

const REMOTE_EXIT = /^command terminated with exit code (\d+)\s*$/m;
const GONE = [
  /^Error from server \(NotFound\):/m,
  /cannot exec into a container in a completed pod/m,
  /^error: unable to upgrade connection: container not found/m,
  /^Error from server \(BadRequest\): container .* is not valid for pod/m,
];

/**
 * `kubectl exec [-i] <pod> -c <container> -- argv…`: argv travels in the exec URL, so only fixed
 * commands and non-secret arguments ever go this way; stdin carries everything else. kubectl exits
 * with the command's own code and says so ("command terminated with exit code N"), which tells a
 * command that failed from kubectl failing to reach the pod.
 */
export async function podExec(
  kubectl: Kubectl,
  target: { pod: string; container: string },
  argv: readonly string[],
  options: { input?: string | undefined; timeoutMs?: number | undefined } = {},
): Promise<PodExecOutcome> {
  const stdin = options.input === undefined ? [] : ["-i"];
  const result = await kubectl.run(
    ["exec", ...stdin, target.pod, "-c", target.container, "--", ...argv],
    options,
  );
  return execOutcome(result);
}

export function execOutcome(result: ExecResult): PodExecOutcome {
  if (!result.failed) return { kind: "ran", exitCode: 0, stdout: result.stdout, stderr: result.stderr };
  const remote = REMOTE_EXIT.exec(result.stderr);
  if (remote !== null && !result.timedOut) {
    const stderr = result.stderr.replace(REMOTE_EXIT, "");
    return { kind: "ran", exitCode: Number(remote[1]), stdout: result.stdout, stderr };
  }
  const complaint = firstLine(result);
  if (GONE.some((pattern) => pattern.test(result.stderr))) return { kind: "missing", complaint };
  return { kind: "unreachable", complaint };
}

function firstLine(result: ExecResult): string {
  if (result.notFound) return "kubectl was not found on PATH";
  if (result.timedOut) return "kubectl exec timed out";
  return result.stderr.trim().split("\n")[0]?.trim() || `kubectl exited with ${String(result.exitCode)}`;
}
