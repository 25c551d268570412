import type { CiState } from "../slots/index.js";
import { getSession, type QueueEntry, type Session } from "../store/index.js";
import { isAncestor } from "./candidate.js";
import { dissolve } from "./batch-split.js";
import { baseHead } from "./forge-side.js";
import { branchHead, moveBranch } from "./move-branch.js";
import { turnOpen } from "./prepare-entry.js";
import { recordLanded } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

function prOf(entry: QueueEntry, session: Session | undefined): number {
  return entry.detail.pr ?? session?.prNumber ?? 0;
}

/**
 * `merging` members of a batch → `landed`, in stack order. The default branch is moved once, by the
 * scm's merge of the tip's pull request at exactly the tip CI passed on (a fast-forward from the base
 * the stack was built on): it never points at a commit that was not tested. Then each member's branch
 * is pointed at its own stacked commit — now in the default branch, so its pull request reads as
 * merged — and its landing recorded. A daemon killed after the merge finds the tip in the default
 * branch and only finishes the records; one killed before merges now.
 */
export async function landBatch(
  world: TrainWorld,
  members: readonly QueueEntry[],
  ci: CiState = "passing",
): Promise<StepOutcome> {
  const tip = members.at(-1);
  if (tip === undefined) return { kind: "progressed" };
  const { repo } = world.project;
  const main = await baseHead(world);
  const tipSha = tip.testedSha ?? "";
  if (main === undefined || !(await isAncestor(world.ctx, repo, tipSha, main))) {
    const stop = await checkBeforeLanding(world, members, main);
    if (stop !== undefined) return stop;
    const session = getSession(world.store, tip.sessionId);
    const number = prOf(tip, session);
    await world.scm.merge(session === undefined ? { number } : { number, branch: session.branch }, {
      sha: tipSha,
    });
  }
  let landed = 0;
  for (const member of members) {
    const session = getSession(world.store, member.sessionId);
    if (session !== undefined && member !== tip) {
      if (turnOpen(world, session.id))
        return landed > 0
          ? { kind: "batch", left: [], landed }
          : { kind: "waiting", on: `${session.id}'s turn to end, to point its branch at what landed` };
      // Moved from the head it was stacked from only; a branch that moved on keeps its new commits.
      const { branch, worktree } = session;
      const to = member.testedSha ?? "";
      await moveBranch(world.ctx, { repo, branch, worktree, from: member.headSha ?? "", to });
    }
    recordLanded(world.store, member, prOf(member, session), ci);
    landed += 1;
  }
  return { kind: "batch", left: [], landed };
}

/**
 * Before the merge: the default branch is still the stack's base, no member's agent has a turn
 * open, the tip's branch is the tested tip and the others are where the train left them. Otherwise
 * the batch waits (a turn) or is stacked again (something moved).
 */
async function checkBeforeLanding(
  world: TrainWorld,
  members: readonly QueueEntry[],
  main: string | undefined,
): Promise<StepOutcome | undefined> {
  if (main !== members[0]?.baseSha) return dissolve(world, members, "base_moved");
  const tip = members.at(-1);
  for (const member of members) {
    const session = getSession(world.store, member.sessionId);
    if (session === undefined) return dissolve(world, members, "batch");
    if (turnOpen(world, session.id))
      return { kind: "waiting", on: `${session.id}'s turn to end before its batch lands` };
    const head = await branchHead(world.ctx, world.project.repo, session.branch);
    const allowed = member === tip ? [member.testedSha] : [member.headSha, member.testedSha];
    if (head === undefined || !allowed.includes(head)) return dissolve(world, members, "head_moved");
  }
  return undefined;
}
