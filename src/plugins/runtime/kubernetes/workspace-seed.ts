import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AoError, git, type PluginContext } from "../../../core/plugin-api.js";
import type { KubernetesRuntimeOptions } from "./options.js";
import { SEED_FROM_BUNDLE, RUN_DIR } from "./pod-scripts.js";
import { execIn, writeFileIn, type PodContainer } from "./pod-remote.js";

/** What the host checkout says the session starts from. */
export interface HostCheckout {
  branch: string;
  commit: string;
  /** origin's URL, for `seed: clone` without `repository`. */
  origin?: string | undefined;
}

/** The branch and exact commit of the host checkout the workspace slot made (its HEAD). */
export async function readHostCheckout(ctx: Pick<PluginContext, "exec">, cwd: string): Promise<HostCheckout> {
  const branch = await git(ctx, cwd, ["symbolic-ref", "--quiet", "--short", "HEAD"], { reject: false });
  const commit = await git(ctx, cwd, ["rev-parse", "--verify", "HEAD^{commit}"], { reject: false });
  if (branch.failed || commit.failed) {
    throw new AoError("E_WORKSPACE_FAILED", `${cwd} is not a git checkout on a branch`, {
      hint: "the kubernetes runtime seeds the pod from the session's branch; `workspace.seed: none` starts it empty",
    });
  }
  const origin = await git(ctx, cwd, ["remote", "get-url", "origin"], { reject: false });
  return {
    branch: branch.stdout.trim(),
    commit: commit.stdout.trim(),
    origin: origin.failed ? undefined : origin.stdout.trim(),
  };
}

/** seed: clone — what the init container clones, the exact commit ao resolved. */
export function cloneSource(options: KubernetesRuntimeOptions, host: HostCheckout) {
  const url = options.workspace.repository ?? host.origin;
  if (url === undefined) {
    throw new AoError("E_CONFIG_INVALID", "workspace.seed is clone but the checkout has no origin to clone", {
      hint: "set runtimeOptions.workspace.repository (a URL the cluster can reach), or use `seed: bundle`",
      details: { keyPath: "workspace.repository" },
    });
  }
  return { url, commit: host.commit, branch: host.branch };
}

/**
 * seed: bundle — the branch (and origin's branches, so the base is known in the pod) as a git
 * bundle written into the init container and fetched into the workspace there: the pod needs no
 * access to the git host and never holds a forge token.
 */
export async function seedFromBundle(
  ctx: Pick<PluginContext, "exec">,
  init: PodContainer,
  cwd: string,
  host: HostCheckout,
  workdir: string,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "ao-kube-seed-"));
  try {
    const file = join(dir, "seed.bundle");
    await git(ctx, cwd, [
      "bundle",
      "create",
      "--quiet",
      file,
      `refs/heads/${host.branch}`,
      "--remotes=origin",
    ]);
    const inPod = `${RUN_DIR}/seed.bundle`;
    await writeFileIn(init, inPod, readFileSync(file));
    const argv = ["/bin/sh", "-c", SEED_FROM_BUNDLE, "ao-seed", inPod, workdir, host.branch];
    const seeded = await execIn(init, { argv, cwd: "/" }, workdir);
    if (seeded.exitCode !== 0) {
      throw new AoError(
        "E_WORKSPACE_FAILED",
        `could not seed the checkout in pod ${init.pod}: ${seeded.stderr.trim()}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
