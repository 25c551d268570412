import { AoError, type ForgeQueueEntry, type PullRequestRef } from "../../../core/plugin-api.js";
import { gitHubApiError } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

/**
 * GitHub's own merge queue, through GraphQL (REST has none): whether a branch has one
 * (`repository.mergeQueue(branch:)` is non-null), `enqueuePullRequest` with the tested head as
 * `expectedHeadOid`, and the pull request's `mergeQueueEntry` (null once out of the queue, with
 * the reason of its last `RemovedFromMergeQueueEvent`).
 */
export async function hasMergeQueue(env: GitHubScmEnv, base: string): Promise<boolean> {
  const data = await ask<{ repository: { mergeQueue: { id: string } | null } | null }>(
    env,
    `query AoMergeQueue($owner: String!, $name: String!, $branch: String!) {
  repository(owner: $owner, name: $name) { mergeQueue(branch: $branch) { id } }
}`,
    { branch: base },
    `looking for a merge queue on ${base}`,
  );
  return data.repository?.mergeQueue != null;
}

interface QueuedPull {
  id: string;
  mergeQueueEntry: { state: string; position: number | null } | null;
  timelineItems: { nodes: ({ reason?: string | null } | null)[] };
}

async function queuedPull(env: GitHubScmEnv, number: number): Promise<QueuedPull> {
  const data = await ask<{ repository: { pr: QueuedPull | null } | null }>(
    env,
    `query AoQueueEntry($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) {
    pr: pullRequest(number: ${String(number)}) {
      id
      mergeQueueEntry { state position }
      timelineItems(last: 1, itemTypes: [REMOVED_FROM_MERGE_QUEUE_EVENT]) {
        nodes { ... on RemovedFromMergeQueueEvent { reason } }
      }
    }
  }
}`,
    {},
    `reading pull request #${String(number)}'s merge queue entry`,
  );
  const pull = data.repository?.pr;
  if (pull == null)
    throw new AoError(
      "E_NOT_FOUND",
      `GitHub has no pull request #${String(number)} in ${env.repo.owner}/${env.repo.repo}`,
    );
  return pull;
}

export async function queueEntryOf(env: GitHubScmEnv, ref: PullRequestRef): Promise<ForgeQueueEntry> {
  const pull = await queuedPull(env, ref.number);
  const entry = pull.mergeQueueEntry;
  if (entry !== null) return { state: "queued", position: entry.position, detail: entry.state };
  const removed = pull.timelineItems.nodes.at(-1)?.reason ?? null;
  return { state: "absent", removedReason: removed };
}

export async function enqueuePull(env: GitHubScmEnv, ref: PullRequestRef, sha: string): Promise<void> {
  const { id } = await queuedPull(env, ref.number);
  await ask(
    env,
    `mutation AoEnqueue($id: ID!, $sha: GitObjectID!) {
  enqueuePullRequest(input: { pullRequestId: $id, expectedHeadOid: $sha }) { mergeQueueEntry { id state position } }
}`,
    { id, sha },
    `adding pull request #${String(ref.number)} to the merge queue`,
  );
}

async function ask<T>(
  env: GitHubScmEnv,
  query: string,
  variables: Record<string, string>,
  doing: string,
): Promise<T> {
  const client = await env.client();
  try {
    return await client.graphql<T>(query, { owner: env.repo.owner, name: env.repo.repo, ...variables });
  } catch (error) {
    throw gitHubApiError(error, doing);
  }
}
