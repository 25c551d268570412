import type { CiStatus, PullRequestObservation, PullRequestRef } from "../../../core/plugin-api.js";
import { resolveCommit } from "../../_shared/git-repo-info.js";
import { readRun, runDir, startRun } from "./ci-runs.js";
import { cannotRun, ciStatusOf } from "./ci-status.js";
import { findCheckout } from "./find-checkout.js";
import { checkMerge } from "./merge-check.js";
import { readPull } from "./pull-store.js";
import { reviewFrom } from "./pull-view.js";
import { snapshot, type PullSnapshot } from "./pulls.js";
import type { LocalScmEnv } from "./scm-env.js";

type Mergeability = Pick<PullRequestObservation, "mergeable" | "conflicts" | "conflictingFiles">;

/** One observation per pull request that exists; unknown numbers are left out. */
export async function observePulls(
  env: LocalScmEnv,
  refs: readonly PullRequestRef[],
): Promise<Map<number, PullRequestObservation>> {
  const observations = new Map<number, PullRequestObservation>();
  for (const ref of refs) {
    const record = await readPull(env.layout.pulls, ref.number);
    if (record === undefined) continue;
    const snap = await snapshot(env, record);
    const [mergeability, ci] = await Promise.all([mergeabilityOf(env, snap), ciOf(env, snap)]);
    observations.set(record.number, {
      number: record.number,
      state: snap.state,
      headSha: snap.headSha,
      ci,
      review: reviewFrom(record.number, snap.events),
      ...mergeability,
    });
  }
  return observations;
}

/** Whether the head merges cleanly into the base's current tip, asked of git without a checkout. */
async function mergeabilityOf(env: LocalScmEnv, snap: PullSnapshot): Promise<Mergeability> {
  if (snap.state !== "open" || !snap.branchExists) return { mergeable: null };
  const base = await resolveCommit(env.ctx, env.project.path, `refs/heads/${snap.record.base}`);
  if (base === undefined) return { mergeable: null };
  const check = await checkMerge(env.ctx, env.project.path, base, snap.headSha);
  return check.clean
    ? { mergeable: true, conflicts: false }
    : { mergeable: false, conflicts: true, conflictingFiles: check.conflicts };
}

/**
 * CI for the pull request's head: the recorded run, or a new run started now (detached, so observe
 * returns at once with `pending`) when the head is new and the pull request is open.
 */
async function ciOf(env: LocalScmEnv, snap: PullSnapshot): Promise<CiStatus> {
  if (env.ci.length === 0 || !snap.branchExists) return { state: "none", failing: [] };
  const { branch } = snap.record;
  const existing = await readRun(env.layout.ci, branch, snap.headSha);
  if (existing !== undefined) return watched(env, branch, snap.headSha, await ciStatusOf(existing));
  if (snap.state !== "open") return { state: "none", failing: [] };
  const cwd = await findCheckout(env.ctx, env.project.path, env.layout.checkouts, branch, snap.headSha);
  if (cwd === undefined) {
    return cannotRun(
      `no checkout of ${branch} at ${snap.headSha} to run the CI in (its worktree is gone or has moved on)`,
    );
  }
  const started = await startRun({
    ciDir: env.layout.ci,
    branch,
    sha: snap.headSha,
    cwd,
    commands: env.ci,
    timeoutMs: env.ciTimeoutMs,
    env: { ...definedEnv(env.ctx.env), CI: "true" },
    now: new Date(env.ctx.clock.now()),
  });
  // When not started here, another observer started it a moment ago.
  const run = started ? undefined : await readRun(env.layout.ci, branch, snap.headSha);
  const status: CiStatus = run === undefined ? { state: "pending", failing: [] } : await ciStatusOf(run);
  return watched(env, branch, snap.headSha, status);
}

/** A pending run is watched for its end (`watchChanges`), when someone listens. */
function watched(env: LocalScmEnv, branch: string, sha: string, status: CiStatus): CiStatus {
  if (status.state === "pending") env.ciWatch.pending(runDir(env.layout.ci, branch, sha), branch);
  return status;
}

function definedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
