import { resolve } from "node:path";
import {
  definePlugin,
  type PluginContext,
  type RemoteSession,
  type Runtime,
  type RuntimeHandle,
} from "../../core/plugin-api.js";
import { sessionTarget } from "../_shared/tmux-target.js";
import { realSleep, type Waits } from "./_shared/poll-until.js";
import { createKubectl, targetOf, type Kubectl } from "./kubernetes/kubectl.js";
import { AGENT_CONTAINER, secretNameFor } from "./kubernetes/names.js";
import { kubernetesRuntimeOptions, type KubernetesRuntimeOptions } from "./kubernetes/options.js";
import { deleteObjects } from "./kubernetes/pod-api.js";
import { capturePod } from "./kubernetes/pod-capture.js";
import { livenessOfMany, livenessOfPod } from "./kubernetes/pod-liveness.js";
import { execIn, readFileIn, writeFileIn } from "./kubernetes/pod-remote.js";
import { TMUX_SESSION, TMUX_SOCKET } from "./kubernetes/pod-scripts.js";
import { podTmuxClient } from "./kubernetes/pod-tmux.js";
import { startPod } from "./kubernetes/start-pod.js";
import { KUBECTL_PROGRAM, checkKubectl } from "./kubernetes/kubectl-check.js";
import { attachTmuxPane } from "./tmux/pane-attachment.js";
import { deliverSettings, deliverToPane, pressOnce, submitOnce } from "./tmux/deliver-to-pane.js";

export type { KubernetesRuntimeOptions } from "./kubernetes/options.js";

/**
 * runtime/kubernetes: one Pod (and its Secret) per session, driven through the kubectl on PATH.
 * tmux runs in the pod, so delivery, keys, the screen and the dashboard's pane use the tmux
 * runtime's own algorithms through `kubectl exec`; liveness comes from the pod's status alone. `waits` is injectable.
 */
export function createKubernetesRuntime(
  ctx: PluginContext,
  options: KubernetesRuntimeOptions,
  waits?: Waits,
): Runtime {
  const time: Waits = waits ?? { clock: ctx.clock, sleep: realSleep };
  const own = {
    kubeconfig: options.kubeconfig === undefined ? undefined : resolve(ctx.baseDir, options.kubeconfig),
    context: options.context,
    namespace: options.namespace,
    requestTimeout: options.requestTimeout,
  };
  const kubectlFor = (handle: RuntimeHandle): Kubectl => createKubectl(ctx.exec, targetOf(handle, own));
  const tmuxOf = (handle: RuntimeHandle) => podTmuxClient(kubectlFor(handle), handle.id);
  const agentOf = (handle: RuntimeHandle) => ({
    kubectl: kubectlFor(handle),
    pod: handle.id,
    container: AGENT_CONTAINER,
  });
  const workdir = (handle: RuntimeHandle) => handle.data?.["workdir"] ?? options.workspace.mountPath;
  const remote: RemoteSession = {
    checkout: "session",
    workdir,
    exec: (handle, command) => execIn(agentOf(handle), command, workdir(handle)),
    readFile: (handle, path) => readFileIn(agentOf(handle), path),
    writeFile: (handle, path, data, writeOptions) =>
      writeFileIn(agentOf(handle), path, data, writeOptions?.mode),
  };
  return {
    async create(input) {
      const deps = { ctx, kubectl: createKubectl(ctx.exec, own), options, waits: time };
      const handle = await startPod(deps, { ...input, projectId: ctx.project?.id });
      return { ...handle, data: { ...handle.data, workdir: options.workspace.mountPath } };
    },
    liveness: (handle) => livenessOfPod(kubectlFor(handle), handle.id),
    livenessMany: (handles) => livenessOfMany(handles, kubectlFor),
    // deliverToPane calls beforePaste before it pastes (docs/turns.md, Recovery).
    announcesPaste: true,
    deliver: (handle, text, deliverOptions) =>
      deliverToPane(tmuxOf(handle), TMUX_SESSION, text, deliverSettings(options, deliverOptions), time),
    submit: (handle) => submitOnce(tmuxOf(handle), TMUX_SESSION, time),
    press: (handle, key) => pressOnce(tmuxOf(handle), TMUX_SESSION, key, time),
    capture: (handle, { lines }) => capturePod(kubectlFor(handle), handle.id, lines),
    // The dashboard's terminal: a `tmux -C` control client in the pod, through `kubectl exec -i`.
    attachPane: (handle) => attachTmuxPane(ctx, tmuxOf(handle), TMUX_SESSION, handle.id),
    async stop(handle) {
      const kubectl = kubectlFor(handle);
      await deleteObjects(kubectl, "pod", [handle.id]);
      // Owned by the pod, so the garbage collector deletes it too; deleting it here does not wait for that.
      await deleteObjects(kubectl, "secret", [secretNameFor(handle.id)]);
    },
    remote,
    placement: (handle) => ({ kind: "pod", name: handle.id, node: handle.data?.["node"] }),
    // `ao session attach`: the person's terminal into the pod's tmux, with the handle's cluster flags.
    attachCommand: (handle) => [
      ...["kubectl", ...kubectlFor(handle).flags, "exec", "-it", handle.id, "-c", AGENT_CONTAINER],
      ...["--", "tmux", "-u", "-S", TMUX_SOCKET, "attach-session", "-t", sessionTarget(TMUX_SESSION)],
    ],
  };
}

export const plugin = definePlugin({
  slot: "runtime",
  name: "kubernetes",
  description: "Runs each agent in a Pod of a Kubernetes cluster (tmux inside), through kubectl",
  // Not lazy: `image` is required, so this plugin is never used without options to check.
  options: kubernetesRuntimeOptions,
  program: KUBECTL_PROGRAM,
  doctor: (options, ctx) => checkKubectl(ctx, options),
  create: (options, ctx) => createKubernetesRuntime(ctx, options),
});
