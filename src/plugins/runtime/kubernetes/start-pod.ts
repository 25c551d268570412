import { readFileSync } from "node:fs";
import {
  AoError,
  type PluginContext,
  type RuntimeCreateInput,
  type RuntimeHandle,
} from "../../../core/plugin-api.js";
import { pollUntil, type Waits } from "../_shared/poll-until.js";
import { targetData, type Kubectl } from "./kubectl.js";
import { AGENT_CONTAINER, podNameFor, secretNameFor, WORKSPACE_CONTAINER } from "./names.js";
import type { KubernetesRuntimeOptions } from "./options.js";
import { createObject, deleteObjects, getPod } from "./pod-api.js";
import { podManifest, secretManifest, type PodInput } from "./pod-manifest.js";
import { execIn, writeFileIn, type PodContainer } from "./pod-remote.js";
import { SEEDED_MARKER } from "./pod-scripts.js";
import { containerRunning, containerStarted, podLiveness, type PodObject } from "./pod-status.js";
import { cloneSource, readHostCheckout, seedFromBundle, type HostCheckout } from "./workspace-seed.js";

export interface StartDeps {
  ctx: Pick<PluginContext, "exec">;
  kubectl: Kubectl;
  options: KubernetesRuntimeOptions;
  waits: Waits;
}

const POLL_MS = 250;

/**
 * A session's pod, step by step: the Pod, then its Secret owned by it (the uid exists only once the
 * Pod does; the kubelet waits for the Secret), then, while the init container waits, the workspace
 * and the agent's files are put in place through exec, and the agent starts. Anything failing
 * deletes what was made. A finished pod of the same session is replaced (restore).
 */
export async function startPod(
  deps: StartDeps,
  input: RuntimeCreateInput & { projectId?: string | undefined },
): Promise<RuntimeHandle> {
  const { options } = deps;
  const podName = podNameFor(input.sessionId);
  const host = options.workspace.seed === "none" ? undefined : await readHostCheckout(deps.ctx, input.cwd);
  const podInput: PodInput = {
    podName,
    secretName: secretNameFor(podName),
    sessionId: input.sessionId,
    projectId: input.projectId,
    argv: input.argv,
    files: input.files ?? [],
    clone: options.workspace.seed === "clone" && host !== undefined ? cloneSource(options, host) : undefined,
  };
  const pod = await createPodReplacingFinished(deps, podInput);
  let started: PodObject;
  try {
    const uid = pod.metadata.uid ?? "";
    await createObject(
      deps.kubectl,
      secretManifest(podInput, { name: podName, uid }, input.env),
      `secret ${podInput.secretName}`,
    );
    await prepareWorkspace(deps, podInput, input.cwd, host);
    // An agent that already ended has run: that is its exit to report, not a failed start.
    started = await waitFor(
      deps,
      podName,
      (found) => containerStarted(found, AGENT_CONTAINER),
      "the agent container to start",
    );
  } catch (error) {
    await deleteObjects(deps.kubectl, "pod", [podName]).catch(() => undefined);
    await deleteObjects(deps.kubectl, "secret", [podInput.secretName]).catch(() => undefined);
    throw error;
  }
  // A pod never moves: the node it was scheduled on is kept with it, for `ao status`.
  const node = started.spec?.nodeName;
  const data = { ...targetData(deps.kubectl.target), ...(node === undefined ? {} : { node }) };
  return { runtime: "kubernetes", id: podName, data };
}

async function createPodReplacingFinished(deps: StartDeps, input: PodInput): Promise<PodObject> {
  const manifest = podManifest(deps.options, input);
  try {
    return await createObject<PodObject>(deps.kubectl, manifest, `pod ${input.podName}`);
  } catch (error) {
    if (!(error instanceof AoError) || error.code !== "E_EXISTS") throw error;
    const existing = await getPod(deps.kubectl, input.podName);
    if ("error" in existing || podLiveness(existing.pod).state !== "exited") throw error;
    await deleteObjects(deps.kubectl, "pod", [input.podName]);
    await deleteObjects(deps.kubectl, "secret", [input.secretName]);
    return createObject<PodObject>(deps.kubectl, manifest, `pod ${input.podName}`);
  }
}

async function prepareWorkspace(
  deps: StartDeps,
  input: PodInput,
  cwd: string,
  host: HostCheckout | undefined,
) {
  const init: PodContainer = { kubectl: deps.kubectl, pod: input.podName, container: WORKSPACE_CONTAINER };
  const workdir = deps.options.workspace.mountPath;
  await waitFor(
    deps,
    input.podName,
    (pod) => containerRunning(pod, WORKSPACE_CONTAINER, true),
    "the workspace container to start",
  );
  if (deps.options.workspace.seed === "bundle" && host !== undefined)
    await seedFromBundle(deps.ctx, init, cwd, host, workdir);
  for (const file of input.files) await writeFileIn(init, file, readFileSync(file), 0o444);
  if (!(await markSeeded(init, workdir)))
    throw new AoError("E_SPAWN_FAILED", `could not start the agent in pod ${input.podName}`);
}

/**
 * Tells the agent container the workspace is ready. `touch` is idempotent, so a failed look is
 * tried again: kubectl's websocket exec can drop a command's status when it arrives before kubectl
 * has set up that stream ("Unknown stream id 3, discarding message"), which a command that ends at
 * once can hit on any cluster.
 */
async function markSeeded(init: PodContainer, workdir: string): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const marked = await execIn(init, { argv: ["touch", SEEDED_MARKER], cwd: "/" }, workdir);
    if (marked.exitCode === 0) return true;
  }
  return false;
}

/** Polls the pod until `ready` (and answers it); a pod that ended or vanished meanwhile fails at once. */
async function waitFor(
  deps: StartDeps,
  podName: string,
  ready: (pod: PodObject) => boolean,
  what: string,
): Promise<PodObject> {
  let last = "";
  const outcome = await pollUntil(
    async () => {
      const lookup = await getPod(deps.kubectl, podName);
      if ("error" in lookup) return void (last = lookup.error);
      const liveness = podLiveness(lookup.pod);
      if (lookup.pod !== undefined && ready(lookup.pod)) return { ready: lookup.pod };
      if (liveness.state === "missing" || liveness.state === "exited") return liveness;
      last = liveness.state === "unknown" ? liveness.reason : "";
      return undefined;
    },
    { timeoutMs: deps.options.startTimeoutMs, intervalMs: POLL_MS },
    deps.waits,
  );
  if (outcome === undefined) {
    throw new AoError(
      "E_SPAWN_FAILED",
      `timed out waiting for ${what} in pod ${podName}${last ? `: ${last}` : ""}`,
      {
        hint: "`kubectl describe pod` shows scheduling and image pull events; raise startTimeoutMs for slow clusters",
      },
    );
  }
  if ("ready" in outcome) return outcome.ready;
  const why = outcome.state === "exited" ? ` (${outcome.reason ?? `exit ${String(outcome.exitCode)}`})` : "";
  throw new AoError(
    "E_SPAWN_FAILED",
    `pod ${podName} ${outcome.state === "missing" ? "vanished" : "ended"} before ${what}${why}`,
  );
}
