import {
  getSession,
  isTerminalStatus,
  recordQueueStep,
  writeTransaction,
  type QueueEntry,
} from "../store/index.js";
import { landBatch } from "./batch-land.js";
import { dissolve } from "./batch-split.js";
import { baseHead, observePull } from "./forge-side.js";
import { moveBranch } from "./move-branch.js";
import { turnOpen } from "./prepare-entry.js";
import type { StepOutcome, TrainWorld } from "./train-world.js";

function others(members: readonly QueueEntry[], entry: QueueEntry): QueueEntry[] {
  return members.filter((member) => member.id !== entry.id);
}

/**
 * `test`: the stack up to `tip` goes under CI. Only the tip's branch is moved — to its stacked
 * commit, which holds every member below it — so the scm runs CI once, on that commit; the other
 * members' branches stay as their agents left them until they land.
 */
export async function testStack(
  world: TrainWorld,
  members: readonly QueueEntry[],
  tip: QueueEntry,
  stack: readonly QueueEntry[],
): Promise<StepOutcome> {
  const session = getSession(world.store, tip.sessionId);
  if (session === undefined || isTerminalStatus(session.status))
    return dissolve(world, others(members, tip), "batch", { entry: tip, facts: { reason: "session_ended" } });
  if (turnOpen(world, session.id)) return { kind: "waiting", on: "the agent's turn to end" };
  if ((await baseHead(world)) !== stack[0]?.baseSha) return dissolve(world, members, "base_moved");
  const { repo } = world.project;
  const { branch, worktree } = session;
  const to = tip.testedSha ?? "";
  const moved = await moveBranch(world.ctx, { repo, branch, worktree, from: tip.headSha ?? "", to });
  if (moved.kind === "head_moved") return dissolve(world, members, "head_moved");
  if (moved.kind === "failed") {
    const facts = {
      reason: "update_failed" as const,
      head: tip.headSha ?? undefined,
      message: moved.message,
    };
    return dissolve(world, others(members, tip), "batch", { entry: tip, facts });
  }
  const lead = tip.detail.batch?.lead ?? tip.id;
  const sessions = stack.map((member) => member.sessionId);
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, tip.id, {
      from: "updating",
      to: "testing",
      step: "testing",
      sha: to,
      testingAt: tx.clock.now(),
      stepDetail: { batch: lead, stack: stack.map((member) => member.id) },
      event: {
        type: "queue.testing",
        payload: {
          project: world.project.id,
          entry: tip.id,
          sha: to,
          base: stack[0]?.baseSha ?? "",
          batch: { lead, entries: stack.map((member) => member.id), sessions },
        },
      },
    }),
  );
  return { kind: "progressed" };
}

/**
 * `observe`: CI on the tip. Pending waits; red marks the tip (`queue.bisecting`) and the bisect
 * goes on below it; green takes the whole stack to `merging` in one transaction and lands it —
 * only while the default branch is still the stack's base and the tip's branch is the tested commit.
 */
export async function observeStack(
  world: TrainWorld,
  members: readonly QueueEntry[],
  tip: QueueEntry,
  stack: readonly QueueEntry[],
): Promise<StepOutcome> {
  const session = getSession(world.store, tip.sessionId);
  const number = tip.detail.pr ?? session?.prNumber ?? undefined;
  if (session === undefined || number === undefined) return { kind: "waiting", on: "a pull request" };
  const seen = await observePull(world, { number, branch: session.branch });
  if (seen === undefined || seen.state !== "open") {
    const facts = {
      reason: "session_ended" as const,
      message: `pull request #${String(number)} is ${seen?.state ?? "gone"}`,
    };
    return dissolve(world, others(members, tip), "batch", { entry: tip, facts });
  }
  const tested = tip.testedSha ?? "";
  if (seen.headSha !== tested) return dissolve(world, members, "head_moved");
  const names = stack.map((member) => member.sessionId).join(", ");
  if (seen.ci.state === "pending")
    return { kind: "waiting", on: `CI on ${tested.slice(0, 12)} (batch: ${names})` };
  if (seen.ci.state === "failing") {
    recordRed(world, tip, stack, [...new Set(seen.ci.failing.map((check) => check.name))]);
    return { kind: "progressed" };
  }
  if ((await baseHead(world)) !== stack[0]?.baseSha) return dissolve(world, members, "base_moved");
  const ci = seen.ci.state;
  const green = writeTransaction(world.store, (tx) =>
    stack.map((member) =>
      recordQueueStep(tx, member.id, {
        from: member.state,
        to: "merging",
        step: "green",
        sha: member.testedSha,
        stepDetail: { ci, tip: tested, batch: tip.detail.batch?.lead ?? tip.id },
      }),
    ),
  );
  return landBatch(world, green, ci);
}

function recordRed(world: TrainWorld, tip: QueueEntry, stack: readonly QueueEntry[], checks: string[]): void {
  const batch = tip.detail.batch ?? { lead: tip.id, index: 0, size: 1 };
  const sha = tip.testedSha ?? "";
  writeTransaction(world.store, (tx) =>
    recordQueueStep(tx, tip.id, {
      from: "testing",
      to: "updating",
      step: "red",
      sha,
      testingAt: null,
      detail: { ...tip.detail, batch: { ...batch, red: checks } },
      stepDetail: { checks },
      event: {
        type: "queue.bisecting",
        payload: {
          project: world.project.id,
          entry: tip.id,
          lead: batch.lead,
          sha,
          checks,
          entries: stack.map((member) => member.id),
        },
      },
    }),
  );
}
