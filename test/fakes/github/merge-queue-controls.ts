import { mergeBranch } from "./git-side.js";
import type { FakeGitHubState, FakePull } from "./state.js";

/** What a test does to branch protection and to GitHub's merge queue (GitHub's own actors). */
export interface FakeMergeQueueControls {
  /** Branch protection requiring these status checks (check runs or statuses, by name) on `branch`. */
  requireChecks(repo: string, branch: string, names: string[]): void;
  /** Merges into `branch` go through a merge queue from now on (the merge API refuses them). */
  enableMergeQueue(repo: string, branch: string): void;
  /** The pull requests in `branch`'s queue, in order. */
  mergeQueue(repo: string, branch: string): FakePull[];
  /** The queue's merge group passed: the pull request is merged into its base and leaves the queue. */
  landFromMergeQueue(repo: string, number: number): string;
  /** The queue removed it (failed checks, a conflict…) with GitHub's `reason`. */
  removeFromMergeQueue(repo: string, number: number, reason: string): void;
}

export function createMergeQueueControls(state: FakeGitHubState): FakeMergeQueueControls {
  const queued = (repo: string, number: number): FakePull => {
    state.invalidate();
    const pull = state.pull(repo, number);
    if (pull?.queueEntry === undefined)
      throw new Error(`fake github: ${repo}#${String(number)} is not in a merge queue`);
    return pull;
  };
  return {
    requireChecks: (repo, branch, names) =>
      void state.requiredChecks.set(`${repo}:${branch}`.toLowerCase(), names),
    enableMergeQueue: (repo, branch) => void state.mergeQueues.add(`${repo}:${branch}`.toLowerCase()),
    mergeQueue: (repo, branch) => {
      state.invalidate();
      return state.mergeQueueOf(repo, branch);
    },
    landFromMergeQueue: (repo, number) => {
      const pull = queued(repo, number);
      const origin = state.repos.get(repo.toLowerCase())!.origin;
      const sha = mergeBranch(origin, pull.base, pull.headSha, "merge", `${pull.title} (#${String(number)})`);
      state.invalidate();
      const at = state.tick();
      Object.assign(pull, {
        state: "closed",
        merged: true,
        mergeCommitSha: sha,
        mergedAt: at,
        closedAt: at,
        updatedAt: at,
        queueEntry: undefined,
      });
      return sha;
    },
    removeFromMergeQueue: (repo, number, reason) => {
      const pull = queued(repo, number);
      pull.queueEntry = undefined;
      pull.queueRemovals = [...(pull.queueRemovals ?? []), { reason, createdAt: state.tick() }];
      state.touch(pull);
    },
  };
}
