import type { Liveness, RuntimeHandle } from "../../../core/plugin-api.js";
import type { Kubectl } from "./kubectl.js";
import { getPod, listPods } from "./pod-api.js";
import { podLiveness, type PodObject } from "./pod-status.js";

/** One GET: the pod's status says it all (pod-status.ts); an API failure is `unknown`, never dead. */
export async function livenessOfPod(kubectl: Kubectl, podName: string): Promise<Liveness> {
  const lookup = await getPod(kubectl, podName);
  if ("error" in lookup) return { state: "unknown", reason: lookup.error };
  return podLiveness(lookup.pod);
}

/**
 * Many sessions for the price of one LIST per cluster and namespace: the handles are grouped by
 * where their pods are, each group's pods listed once by ao's label, and every handle answered
 * from that list (a pod not in it is missing). No per-pod call at all: the pane's state rides in
 * the agent container's own state. A group whose LIST fails answers `unknown` for each of its pods.
 */
export async function livenessOfMany(
  handles: readonly RuntimeHandle[],
  kubectlFor: (handle: RuntimeHandle) => Kubectl,
): Promise<Liveness[]> {
  const groups = new Map<string, { kubectl: Kubectl; answer?: Promise<Map<string, PodObject> | string> }>();
  const keyOf = (handle: RuntimeHandle) => JSON.stringify(kubectlFor(handle).flags);
  for (const handle of handles) {
    const key = keyOf(handle);
    if (!groups.has(key)) groups.set(key, { kubectl: kubectlFor(handle) });
  }
  for (const group of groups.values()) {
    group.answer = listPods(group.kubectl).then((listed) =>
      "error" in listed ? listed.error : new Map(listed.pods.map((pod) => [pod.metadata.name, pod])),
    );
  }
  return Promise.all(
    handles.map(async (handle): Promise<Liveness> => {
      const answer = await groups.get(keyOf(handle))?.answer;
      if (answer === undefined || typeof answer === "string")
        return { state: "unknown", reason: answer ?? "not asked" };
      return podLiveness(answer.get(handle.id));
    }),
  );
}
