import { gitHubApiError } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

/**
 * One GraphQL query answers everything a poll needs about up to 25 PRs: state, head, CI (check runs
 * AND commit statuses, through the head commit's status rollup), review decision, review threads
 * and mergeability. Each PR is an alias (`pr12: pullRequest(number: 12)`). A thread's first 20
 * comments come with their authors' association, so a stranger's comment never reaches the agent
 * while a maintainer's reply in the same thread still does.
 */
export const BATCH_SIZE = 25;

const PULL_FIELDS = `
fragment AoPull on PullRequest {
  number state isDraft url title updatedAt headRefName baseRefName headRefOid mergeable reviewDecision
  reviewThreads(first: 100) {
    nodes {
      id isResolved path line
      comments(first: 20) { nodes { author { __typename login } authorAssociation body url createdAt } }
    }
  }
  commits(last: 1) {
    nodes {
      commit {
        oid
        statusCheckRollup {
          state
          contexts(first: 100) {
            nodes {
              __typename
              ... on CheckRun { databaseId name status conclusion detailsUrl }
              ... on StatusContext { context state targetUrl description }
            }
          }
        }
      }
    }
  }
}`;

export interface CheckRunNode {
  __typename: "CheckRun";
  databaseId: number | null;
  name: string;
  status: string;
  conclusion: string | null;
  detailsUrl: string | null;
}

export interface StatusContextNode {
  __typename: "StatusContext";
  context: string;
  state: string;
  targetUrl: string | null;
  description: string | null;
}

export interface ThreadNode {
  id: string;
  isResolved: boolean;
  path: string | null;
  line: number | null;
  comments: {
    nodes: {
      author: { __typename: string; login: string } | null;
      /** CommentAuthorAssociation: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE… */
      authorAssociation: string;
      body: string;
      url: string;
      createdAt: string;
    }[];
  };
}

export interface PullNode {
  number: number;
  state: "OPEN" | "CLOSED" | "MERGED";
  isDraft: boolean;
  url: string;
  title: string;
  updatedAt: string;
  headRefName: string;
  baseRefName: string;
  headRefOid: string;
  mergeable: "MERGEABLE" | "CONFLICTING" | "UNKNOWN";
  reviewDecision: "APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED" | null;
  reviewThreads: { nodes: ThreadNode[] };
  commits: {
    nodes: {
      commit: {
        oid: string;
        statusCheckRollup: {
          state: string;
          contexts: { nodes: (CheckRunNode | StatusContextNode | { __typename: string })[] };
        } | null;
      };
    }[];
  };
}

export function pullsQuery(numbers: readonly number[]): string {
  const aliases = numbers
    .map((n) => `    pr${String(n)}: pullRequest(number: ${String(n)}) { ...AoPull }`)
    .join("\n");
  return `query AoPulls($owner: String!, $name: String!) {\n  repository(owner: $owner, name: $name) {\n${aliases}\n  }\n}\n${PULL_FIELDS}`;
}

/** The PRs that exist among `numbers` (≤ BATCH_SIZE); an unknown number is simply absent. */
export async function fetchPulls(env: GitHubScmEnv, numbers: readonly number[]): Promise<PullNode[]> {
  const client = await env.client();
  let data: { repository: Record<string, PullNode | null> | null } | undefined;
  try {
    data = await client.graphql(pullsQuery(numbers), { owner: env.repo.owner, name: env.repo.repo });
  } catch (error) {
    // GitHub answers the PRs it found and a NOT_FOUND error for each number it did not.
    const partial = onlyNotFound(error);
    if (partial === undefined) {
      throw gitHubApiError(
        error,
        `reading pull requests ${numbers.join(", ")} of ${env.repo.owner}/${env.repo.repo}`,
      );
    }
    data = partial as typeof data;
  }
  return Object.values(data?.repository ?? {}).filter((node): node is PullNode => node !== null);
}

/** The partial data of a GraphqlResponseError whose errors are all NOT_FOUND (@octokit/graphql is not a direct dependency, so by shape). */
function onlyNotFound(error: unknown): unknown {
  const shaped = error as { name?: string; errors?: { type?: string }[]; data?: unknown };
  if (shaped.name !== "GraphqlResponseError" || !Array.isArray(shaped.errors)) return undefined;
  return shaped.errors.every((e) => e.type === "NOT_FOUND") ? shaped.data : undefined;
}
