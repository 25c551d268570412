import { AoError } from "../../../core/plugin-api.js";
import { kubectlComplaint, kubectlFailure, parseJson, type Kubectl } from "./kubectl.js";
import { MANAGED_BY } from "./names.js";
import type { PodObject } from "./pod-status.js";

/** A probe's answer: the pod, `undefined` when the API says there is none, or why it could not ask. */
export type PodLookup = { pod: PodObject | undefined } | { error: string };

/** One GET; `--ignore-not-found` makes a missing pod an empty answer, not an error. */
export async function getPod(kubectl: Kubectl, name: string): Promise<PodLookup> {
  const result = await kubectl.run(["get", "pod", name, "--ignore-not-found", "-o", "json"]);
  if (result.failed) return { error: kubectlComplaint(result) };
  if (result.stdout.trim() === "") return { pod: undefined };
  try {
    return { pod: JSON.parse(result.stdout) as PodObject };
  } catch {
    return { error: "kubectl printed something other than JSON for the pod" };
  }
}

/** One LIST of every pod ao manages in the target's namespace, by label. */
export async function listPods(kubectl: Kubectl): Promise<{ pods: PodObject[] } | { error: string }> {
  const result = await kubectl.run([
    "get",
    "pods",
    "-l",
    `${MANAGED_BY.key}=${MANAGED_BY.value}`,
    "-o",
    "json",
  ]);
  if (result.failed) return { error: kubectlComplaint(result) };
  try {
    return { pods: (JSON.parse(result.stdout) as { items: PodObject[] }).items };
  } catch {
    return { error: "kubectl printed something other than JSON for the pod list" };
  }
}

/** `kubectl create -f -`: the manifest goes through stdin (it may hold the session's env). */
export async function createObject<T>(kubectl: Kubectl, manifest: unknown, what: string): Promise<T> {
  const result = await kubectl.run(["create", "-f", "-", "-o", "json"], { input: JSON.stringify(manifest) });
  if (/^Error from server \(AlreadyExists\):/m.test(result.stderr)) {
    throw new AoError("E_EXISTS", `${what} already exists`, {
      hint: "stop the session first (ao session kill)",
    });
  }
  // kubectl prints a 422 as `The Pod "x" is invalid: <field>: <why>`.
  if (/^The \w+ "[^"]*" is invalid: /m.test(result.stderr)) {
    throw new AoError("E_CONFIG_INVALID", `the cluster refused ${what}: ${kubectlComplaint(result)}`, {
      hint: "check the runtime options (image, resources, tolerations) in agent-orchestrator.yaml",
    });
  }
  if (result.failed) throw kubectlFailure(`create ${what}`, result);
  return parseJson<T>(what, result);
}

/** Idempotent delete, not waiting for the kubelet to finish: a deleted pod is gone for ao. */
export async function deleteObjects(
  kubectl: Kubectl,
  kind: "pod" | "secret",
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  const result = await kubectl.run(["delete", kind, ...names, "--ignore-not-found", "--wait=false"]);
  if (result.failed) throw kubectlFailure(`delete ${kind} ${names.join(" ")}`, result);
}
