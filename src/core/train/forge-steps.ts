import { existsSync } from "node:fs";
import { messageOf } from "../errors.js";
import { recordQueueStep, writeTransaction, type QueueEntry, type Session } from "../store/index.js";
import { observePull, pullRef } from "./forge-side.js";
import { landedElsewhere } from "./land-entry.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

/**
 * On a forge, an entry is prepared from the head its pull request has: one whose branch has
 * commits not pushed yet waits (the lifecycle pushes them), one no longer open lands or leaves.
 */
export async function forgeReady(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
  head: string,
): Promise<StepOutcome | undefined> {
  const ref = pullRef(entry, session);
  if (ref === undefined) return { kind: "waiting", on: "a pull request" };
  const seen = await observePull(world, ref);
  if (seen === undefined || seen.state !== "open") return landedElsewhere(world, entry, ref.number, seen);
  if (seen.headSha !== head)
    return {
      kind: "waiting",
      on: `the branch to be pushed (${head.slice(0, 12)} here, ${seen.headSha.slice(0, 12)} on the pull request)`,
    };
  return undefined;
}

/**
 * `queued` → `testing` when the base branch has the forge's own merge queue: the forge brings the
 * branch up to date and tests it, so the pull request's head is handed over as it is.
 */
export function handToForgeQueue(
  world: TrainWorld,
  entry: QueueEntry,
  heads: { head: string; base: string },
): StepOutcome {
  const { head, base } = heads;
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, entry.id, {
      from: "queued",
      to: "testing",
      step: "handed:merge-queue",
      sha: head,
      headSha: head,
      baseSha: base,
      testedSha: head,
      testingAt: tx.clock.now(),
      detail: { ...entry.detail, how: "none", forgeQueue: true },
      event: {
        type: "queue.testing",
        payload: { project: world.project.id, entry: entry.id, sha: head, base },
      },
    }),
  );
  return { kind: "progressed" };
}

/**
 * After the branch was moved to the candidate here, the pull request's branch is moved too: a
 * force-with-lease push from the head the candidate was built from (already there after a kill is
 * fine). Returns why it failed (an agent's push in between), else undefined.
 */
export async function publishMove(
  world: TrainWorld,
  entry: QueueEntry,
  session: Session,
): Promise<string | undefined> {
  const forge = world.scm.train;
  const ref = pullRef(entry, session);
  if (forge === undefined || ref === undefined) return undefined;
  const from = entry.headSha ?? "";
  const to = entry.testedSha ?? "";
  if ((await observePull(world, ref))?.headSha === to) return undefined;
  const worktree = existsSync(session.worktree) ? session.worktree : world.project.repo;
  try {
    await forge.pushUpdate(worktree, session.branch, { from, to });
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}
