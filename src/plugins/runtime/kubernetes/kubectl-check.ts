import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import {
  checkProgram,
  installCommandFor,
  type PluginCheck,
  type PluginCheckContext,
  type PluginProgram,
} from "../../../core/plugin-api.js";
import { createKubectl, kubectlComplaint } from "./kubectl.js";
import type { KubernetesRuntimeOptions } from "./options.js";
import { MANAGED_BY } from "./names.js";

/** kubectl 1.30 or newer: it speaks exec over websockets (v5.channel.k8s.io), which ao relies on. */
export const KUBECTL_PROGRAM: PluginProgram = {
  binary: "kubectl",
  versionArgs: ["version", "--client"],
  install: { darwin: "brew install kubectl", other: "see https://kubernetes.io/docs/tasks/tools/" },
};

/**
 * `ao doctor`: kubectl on PATH, the kubeconfig the options name present, and (online) the cluster
 * answering ao's own LIST in the namespace, the call every status cycle makes.
 */
export async function checkKubectl(
  ctx: PluginCheckContext,
  options: KubernetesRuntimeOptions,
): Promise<PluginCheck[]> {
  const program = await checkProgram(ctx, {
    id: "kubectl",
    title: "kubectl",
    binary: KUBECTL_PROGRAM.binary,
    versionArgs: KUBECTL_PROGRAM.versionArgs,
    fix: installCommandFor(KUBECTL_PROGRAM.install, ctx.platform),
  });
  const checks: PluginCheck[] = [program];
  const kubeconfig = options.kubeconfig === undefined ? undefined : resolve(ctx.baseDir, options.kubeconfig);
  if (kubeconfig !== undefined && !existsSync(kubeconfig)) {
    const where = isAbsolute(options.kubeconfig ?? "")
      ? kubeconfig
      : `${String(options.kubeconfig)} (${kubeconfig})`;
    checks.push({
      id: "kubernetes-cluster",
      title: "kubernetes cluster",
      status: "fail",
      detail: `no kubeconfig at ${where}`,
      fix: "set runtime.kubeconfig to an existing file",
    });
    return checks;
  }
  if (ctx.exec === undefined || program.status !== "ok") return checks;
  const kubectl = createKubectl(ctx.exec, { ...options, kubeconfig });
  const listed = await kubectl.run([
    "get",
    "pods",
    "-l",
    `${MANAGED_BY.key}=${MANAGED_BY.value}`,
    "-o",
    "name",
  ]);
  checks.push(
    listed.failed
      ? {
          id: "kubernetes-cluster",
          title: "kubernetes cluster",
          status: "fail",
          detail: kubectlComplaint(listed),
          fix: "check `kubectl get pods` with the same kubeconfig, context and namespace",
        }
      : {
          id: "kubernetes-cluster",
          title: "kubernetes cluster",
          status: "ok",
          detail: `${String(listed.stdout.split("\n").filter(Boolean).length)} ao pods in the namespace`,
        },
  );
  return checks;
}
