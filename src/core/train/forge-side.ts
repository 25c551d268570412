import type { CiStatus, PullRequestObservation, PullRequestRef } from "../slots/index.js";
import type { QueueEntry, Session } from "../store/index.js";
import { isAncestor } from "./candidate.js";
import { branchHead } from "./move-branch.js";
import type { TrainWorld } from "./train-world.js";

/**
 * Where the train reads the default branch and CI (docs/merge-train.md, "On GitHub"): a forge with
 * the `train` capability (scm/github) keeps the truth on its remote — the default branch is fetched
 * from there, CI is the base branch's required checks — while scm/local's is the main checkout.
 */
export async function baseHead(world: TrainWorld): Promise<string | undefined> {
  const { project } = world;
  const forge = world.scm.train;
  if (forge !== undefined) return forge.fetchBase(project.repo, project.defaultBranch);
  return branchHead(world.ctx, project.repo, project.defaultBranch);
}

/** The pull request the entry lands, as a reference for the scm. */
export function pullRef(entry: QueueEntry, session: Session): PullRequestRef | undefined {
  const number = entry.detail.pr ?? session.prNumber ?? undefined;
  return number === undefined ? undefined : { number, branch: session.branch };
}

/** The pull request now, asked of the forge (no cache). */
export async function observePull(
  world: TrainWorld,
  ref: PullRequestRef,
): Promise<PullRequestObservation | undefined> {
  return (await world.scm.observe([ref], { fresh: true })).get(ref.number);
}

/** The CI that gates the merge of `tested`: the required checks on a forge, else what the scm observed. */
export async function gatingCi(
  world: TrainWorld,
  seen: PullRequestObservation,
  tested: string,
): Promise<CiStatus> {
  const forge = world.scm.train;
  if (forge === undefined) return seen.ci;
  return forge.requiredCi(world.project.defaultBranch, tested);
}

/**
 * Whether the entry's work is already in the default branch: on a forge, its pull request is
 * merged (a squash leaves the tested commit out of the history); locally, the tested commit is an
 * ancestor of the default branch's head.
 */
export async function alreadyLanded(
  world: TrainWorld,
  entry: QueueEntry,
  seen: PullRequestObservation | undefined,
): Promise<boolean> {
  if (world.scm.train !== undefined) return seen?.state === "merged";
  const base = await baseHead(world);
  const tested = entry.testedSha ?? "";
  return (
    base !== undefined && tested !== "" && (await isAncestor(world.ctx, world.project.repo, tested, base))
  );
}
