import { AoError, type Exec, type ExecResult, type RuntimeHandle } from "../../../core/plugin-api.js";

/** Which cluster and namespace a session's pod is in; kept in its handle so `ao status` finds it. */
export interface KubeTarget {
  kubeconfig?: string | undefined;
  context?: string | undefined;
  namespace?: string | undefined;
  requestTimeout: string;
}

export interface KubectlRunOptions {
  input?: string | undefined;
  timeoutMs?: number | undefined;
}

/** Talks to one cluster through the kubectl on PATH; never throws on a kubectl failure. */
export interface Kubectl {
  readonly target: KubeTarget;
  /** The flags that pick cluster, context and namespace, for argv ao hands a person (attach). */
  readonly flags: readonly string[];
  /** The whole command line of `kubectl … <args>` (program first), for a process that lives on. */
  argv(args: readonly string[]): readonly string[];
  run(args: readonly string[], options?: KubectlRunOptions): Promise<ExecResult>;
}

/** Margin over --request-timeout for kubectl's own start-up and discovery. */
const EXEC_MARGIN_MS = 15_000;

/**
 * Every call is `kubectl [--kubeconfig …] [--context …] [--namespace …] --request-timeout … <args>`,
 * an argument array through ctx.exec: whatever login the kubeconfig uses (tokens, exec plugins,
 * OIDC) works, and no credential ever appears in ao's argv.
 */
export function createKubectl(exec: Exec, target: KubeTarget): Kubectl {
  const flags = [
    ...(target.kubeconfig === undefined ? [] : ["--kubeconfig", target.kubeconfig]),
    ...(target.context === undefined ? [] : ["--context", target.context]),
    ...(target.namespace === undefined ? [] : ["--namespace", target.namespace]),
  ];
  const requestMs = durationMs(target.requestTimeout);
  const withFlags = (args: readonly string[]) => [
    ...flags,
    "--request-timeout",
    target.requestTimeout,
    ...args,
  ];
  return {
    target,
    flags,
    argv: (args) => ["kubectl", ...withFlags(args)],
    run: (args, options = {}) =>
      exec("kubectl", withFlags(args), {
        input: options.input,
        timeoutMs: options.timeoutMs ?? requestMs + EXEC_MARGIN_MS,
        reject: false,
      }),
  };
}

/**
 * The target a handle names (handle.data, written at create), so a probe finds the pod even after
 * the options changed; a handle without it (made elsewhere) falls back to the options' target.
 */
export function targetOf(handle: RuntimeHandle, fallback: KubeTarget): KubeTarget {
  const data = handle.data;
  if (data?.["requestTimeout"] === undefined) return fallback;
  return {
    kubeconfig: data["kubeconfig"],
    context: data["context"],
    namespace: data["namespace"],
    requestTimeout: data["requestTimeout"],
  };
}

export function targetData(target: KubeTarget): Record<string, string> {
  const data: Record<string, string> = { requestTimeout: target.requestTimeout };
  for (const key of ["kubeconfig", "context", "namespace"] as const) {
    const value = target[key];
    if (value !== undefined) data[key] = value;
  }
  return data;
}

function durationMs(text: string): number {
  const match = /^(\d+)(ms|s|m)$/.exec(text);
  if (!match) return 20_000;
  const unit = match[2] === "ms" ? 1 : match[2] === "s" ? 1000 : 60_000;
  return Number(match[1]) * unit;
}

/** kubectl's own complaint (its first "error:" or "Error from server" line), for messages. */
export function kubectlComplaint(result: ExecResult): string {
  if (result.notFound) return "kubectl was not found on PATH";
  if (result.timedOut) return "kubectl timed out";
  const lines = result.stderr.split("\n").map((line) => line.trim());
  return (
    lines.find((line) => /^(error|Error from server)/.test(line)) ??
    lines.find((line) => line !== "") ??
    "kubectl failed"
  );
}

/** True only when the API said the object is not there (404 NotFound), never for other failures. */
export function saidNotFound(result: ExecResult): boolean {
  return /^Error from server \(NotFound\):/m.test(result.stderr);
}

/** A kubectl call that had to succeed; the error names the command and what kubectl said. */
export function kubectlFailure(what: string, result: ExecResult): AoError {
  if (result.notFound) {
    return new AoError("E_EXEC_NOT_FOUND", "kubectl was not found on PATH", {
      hint: "install kubectl (1.30 or newer: exec over websockets), or use another runtime",
    });
  }
  return new AoError("E_EXEC_FAILED", `kubectl could not ${what}: ${kubectlComplaint(result)}`, {
    hint: "check the cluster with `ao doctor` and `kubectl auth can-i create pods`",
  });
}

/** Parses kubectl's `-o json` output, or throws naming what it was reading. */
export function parseJson<T>(what: string, result: ExecResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new AoError("E_EXEC_FAILED", `kubectl printed something other than JSON for ${what}`, {
      details: { stdout: result.stdout.slice(0, 200) },
    });
  }
}
