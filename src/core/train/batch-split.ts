import { getSession, writeTransaction, type QueueEntry, type Session } from "../store/index.js";
import { isAncestor } from "./candidate.js";
import { baseHead } from "./forge-side.js";
import { branchHead, moveBranch } from "./move-branch.js";
import { turnOpen } from "./prepare-entry.js";
import { leaveQueue, requeue, type LeaveFacts } from "./record-steps.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/** What becomes of a member when its batch comes apart. */
type Unstacked =
  | { readonly kind: "requeue"; readonly sha: string }
  | { readonly kind: "leave"; readonly facts: LeaveFacts }
  | { readonly kind: "waiting"; readonly on: string };

/**
 * The first member is red on its own stack: it leaves with the failing checks (its agent gets the
 * ci-failed turn) and the members after it, stacked on it, are stacked again without it.
 */
export function splitBatch(
  world: TrainWorld,
  culprit: QueueEntry,
  rest: readonly QueueEntry[],
): Promise<StepOutcome> {
  const checks = (culprit.detail.batch?.red ?? []).map((name) => ({ name }));
  const facts: LeaveFacts = { reason: "ci_failed", head: culprit.testedSha ?? undefined, checks };
  return dissolve(world, rest, "batch", { entry: culprit, facts });
}

/**
 * The batch comes apart (the default branch or a member's branch moved, a member's pull request
 * closed): every member is stacked again. Members whose branch the train pointed at a stacked
 * commit get their own head back first — only once their agent's turn ended — so no branch keeps a
 * batch-mate's commits; everything is then recorded in one transaction.
 */
export async function dissolve(
  world: TrainWorld,
  members: readonly QueueEntry[],
  reason: "head_moved" | "base_moved" | "batch",
  leaving?: { entry: QueueEntry; facts: LeaveFacts },
): Promise<StepOutcome> {
  const main = await baseHead(world);
  const fates: Unstacked[] = [];
  for (const member of members) {
    const fate = await unstack(world, member, main);
    if (fate.kind === "waiting") return fate;
    fates.push(fate);
  }
  const left = writeTransaction(world.store, (tx) => {
    const gone = leaving === undefined ? [] : [leaveQueue(tx, leaving.entry, leaving.facts)];
    members.forEach((member, index) => {
      const fate = fates[index];
      if (fate?.kind === "requeue") requeue(tx, member, reason, fate.sha);
      if (fate?.kind === "leave") gone.push(leaveQueue(tx, member, fate.facts));
    });
    return gone;
  });
  return { kind: "batch", left: left.flatMap((entry) => leftOf(world, entry)), landed: 0 };
}

function leftOf(world: TrainWorld, entry: QueueEntry): { session: Session; entryId: number }[] {
  const session = getSession(world.store, entry.sessionId);
  return session === undefined ? [] : [{ session, entryId: entry.id }];
}

async function unstack(world: TrainWorld, member: QueueEntry, main: string | undefined): Promise<Unstacked> {
  const session = getSession(world.store, member.sessionId);
  const { repo } = world.project;
  if (session === undefined) return { kind: "leave", facts: { reason: "session_ended" } };
  const from = member.headSha ?? "";
  const stacked = member.testedSha ?? "";
  let head = await branchHead(world.ctx, repo, session.branch);
  if (head === undefined) return { kind: "leave", facts: { reason: "branch_gone" } };
  if (head === from) return { kind: "requeue", sha: head };
  if (head === stacked) {
    if (turnOpen(world, session.id))
      return {
        kind: "waiting",
        on: `${session.id}'s turn to end, to take its batch's commits off its branch`,
      };
    const { branch, worktree } = session;
    const moved = await moveBranch(world.ctx, { repo, branch, worktree, from: stacked, to: from });
    if (moved.kind === "moved") return { kind: "requeue", sha: from };
    if (moved.kind === "failed")
      return { kind: "leave", facts: { reason: "update_failed", head: stacked, message: moved.message } };
    if (moved.head === undefined) return { kind: "leave", facts: { reason: "branch_gone" } };
    head = moved.head;
  }
  const onto = member.baseSha ?? "";
  const ontoLanded = main !== undefined && (await isAncestor(world.ctx, repo, onto, main));
  if (ontoLanded || !(await isAncestor(world.ctx, repo, stacked, head)))
    return { kind: "requeue", sha: head };
  const message = `its branch moved on from the batch's stacked commit ${stacked.slice(0, 12)}, which holds batch-mates' commits that did not land; rebase it onto ${world.project.defaultBranch} without them, then queue it again`;
  return { kind: "leave", facts: { reason: "update_failed", head, message } };
}
