import type { FakeResponse } from "./route.js";
import type { FakeGitHubState, FakePull, FakeRepo } from "./state.js";

/**
 * GitHub's merge queue in GraphQL, as the fake speaks it: `repository.mergeQueue(branch:)` (null
 * without one), a pull request's `id`, `mergeQueueEntry` and `RemovedFromMergeQueueEvent`s, and
 * the `enqueuePullRequest` mutation, refused when `expectedHeadOid` is not the head, when the base
 * has no queue, or when the pull request is already in it.
 */
export function mergeQueueField(
  state: FakeGitHubState,
  repo: FakeRepo,
  branch: string,
): Record<string, unknown> | null {
  if (!state.hasMergeQueue(repo.fullName, branch)) return null;
  return { id: `MQ_${repo.fullName}:${branch}`, url: `${state.webUrl}/${repo.fullName}/queue/${branch}` };
}

export function pullQueueFields(state: FakeGitHubState, pull: FakePull): Record<string, unknown> {
  const queue = pull.queueEntry === undefined ? [] : state.mergeQueueOf(pull.repo, pull.base);
  const entry = pull.queueEntry;
  return {
    id: `PR_${String(pull.id)}`,
    mergeQueueEntry:
      entry === undefined
        ? null
        : {
            id: entry.id,
            state: entry.state,
            position: queue.indexOf(pull) + 1,
            enqueuedAt: entry.enqueuedAt,
            headCommit: { oid: entry.headOid },
          },
    timelineItems: {
      nodes: (pull.queueRemovals ?? [])
        .slice(-1)
        .map((removal) => ({ __typename: "RemovedFromMergeQueueEvent", ...removal })),
    },
  };
}

export function enqueuePullRequest(
  state: FakeGitHubState,
  variables: Record<string, string | undefined>,
): FakeResponse {
  const id = variables["id"] ?? "";
  const pull = state.pulls.find((candidate) => `PR_${String(candidate.id)}` === id);
  const refuse = (message: string): FakeResponse => ({
    status: 200,
    body: {
      data: { enqueuePullRequest: null },
      errors: [{ type: "UNPROCESSABLE", path: ["enqueuePullRequest"], message }],
    },
  });
  if (pull === undefined) return refuse(`Could not resolve to a node with the global id of '${id}'`);
  const fresh = state.pull(pull.repo, pull.number) ?? pull;
  if (fresh.state !== "open") return refuse("Pull request is not open");
  if (!state.hasMergeQueue(fresh.repo, fresh.base))
    return refuse("Merge queue is not enabled for the base branch");
  if (fresh.queueEntry !== undefined) return refuse("Pull request is already in the merge queue");
  if (variables["sha"] !== undefined && variables["sha"] !== fresh.headSha)
    return refuse("Head ref has changed; expectedHeadOid does not match");
  fresh.queueEntry = {
    id: `MQE_${String(state.nextId())}`,
    state: "AWAITING_CHECKS",
    enqueuedAt: state.tick(),
    headOid: fresh.headSha,
  };
  state.touch(fresh);
  const fields = pullQueueFields(state, fresh);
  return {
    status: 200,
    body: { data: { enqueuePullRequest: { mergeQueueEntry: fields["mergeQueueEntry"] } } },
  };
}
