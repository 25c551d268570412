import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  AoError,
  type OpenPullRequestInput,
  type PullRequest,
  type PullRequestState,
} from "../../../core/plugin-api.js";
import { resolveCommit } from "../../_shared/git-repo-info.js";
import { isAncestor } from "./merge-check.js";
import {
  appendEvent,
  createPull,
  listPulls,
  readEvents,
  readPull,
  type PullEvent,
  type PullRecord,
} from "./pull-store.js";
import { stateFrom } from "./pull-view.js";
import { nowIso, type LocalScmEnv } from "./scm-env.js";

/** A pull request with what its events and its branch say now. */
export interface PullSnapshot {
  record: PullRecord;
  events: PullEvent[];
  state: PullRequestState;
  /** The branch's tip, or the last head known when the branch is gone. */
  headSha: string;
  /** False when the branch no longer exists. */
  branchExists: boolean;
}

export async function openPull(env: LocalScmEnv, input: OpenPullRequestInput): Promise<PullRequest> {
  const repo = env.project.path;
  const [head, base] = await Promise.all([
    resolveCommit(env.ctx, repo, `refs/heads/${input.branch}`),
    resolveCommit(env.ctx, repo, `refs/heads/${input.base}`),
  ]);
  if (head === undefined) {
    throw new AoError("E_NOT_FOUND", `branch ${input.branch} is not in ${repo}`, {
      hint: "push it first (scm.push copies a clone's branch into the repository)",
    });
  }
  if (base === undefined) {
    throw new AoError("E_NOT_FOUND", `base branch ${input.base} is not in ${repo}`, {
      hint: "check defaultBranch in agent-orchestrator.yaml",
    });
  }
  const open = await findOpen(env, input.branch);
  if (open !== undefined) {
    throw new AoError(
      "E_EXISTS",
      `pull request #${String(open.number)} is already open for ${input.branch}`,
      {
        hint: "update it by pushing to the branch",
      },
    );
  }
  const record = await createPull(env.layout.pulls, {
    branch: input.branch,
    base: input.base,
    title: input.title,
    body: input.body,
    draft: input.draft ?? false,
    createdAt: nowIso(env),
    openedHead: head,
    openedBase: base,
  });
  return toPullRequest(env, { record, events: [], state: "open", headSha: head, branchExists: true });
}

/** The most recent pull request of the branch, in any state. */
export async function findPull(env: LocalScmEnv, branch: string): Promise<PullRequest | null> {
  const record = (await listPulls(env.layout.pulls)).filter((pr) => pr.branch === branch).at(-1);
  return record === undefined ? null : toPullRequest(env, await snapshot(env, record));
}

/** The pull request with this number, in any state; null when there is none. */
export async function getPull(env: LocalScmEnv, number: number): Promise<PullRequest | null> {
  const record = await readPull(env.layout.pulls, number);
  return record === undefined ? null : toPullRequest(env, await snapshot(env, record));
}

async function findOpen(env: LocalScmEnv, branch: string): Promise<PullRecord | undefined> {
  for (const record of (await listPulls(env.layout.pulls)).filter((pr) => pr.branch === branch)) {
    if ((await snapshot(env, record)).state === "open") return record;
  }
  return undefined;
}

/**
 * Reads a pull request's state, noticing what happened outside ao: its branch was deleted (closed,
 * as a forge does), or its commits reached the base by a person's own `git merge` (merged). Those
 * facts are recorded as events so that every later reader agrees.
 */
export async function snapshot(env: LocalScmEnv, record: PullRecord): Promise<PullSnapshot> {
  const repo = env.project.path;
  let events = await readEvents(env.layout.pulls, record.number);
  const head = await resolveCommit(env.ctx, repo, `refs/heads/${record.branch}`);
  if (stateFrom(events) === "open") {
    const ended = await endedOutsideAo(env, record, head);
    if (ended !== undefined) {
      await appendEvent(env.layout.pulls, record.number, { type: "state", createdAt: nowIso(env), ...ended });
      events = await readEvents(env.layout.pulls, record.number);
    }
  }
  const lastKnown = events.flatMap((event) => (event.type === "state" && event.sha ? [event.sha] : [])).at(0);
  return {
    record,
    events,
    state: stateFrom(events),
    headSha: head ?? lastKnown ?? record.openedHead,
    branchExists: head !== undefined,
  };
}

async function endedOutsideAo(
  env: LocalScmEnv,
  record: PullRecord,
  head: string | undefined,
): Promise<{ state: "merged" | "closed"; reason: string; sha?: string } | undefined> {
  if (head === undefined) return { state: "closed", reason: `branch ${record.branch} was deleted` };
  const repo = env.project.path;
  const base = await resolveCommit(env.ctx, repo, `refs/heads/${record.base}`);
  if (base === undefined) return undefined;
  // Commits that were already in the base when the PR opened do not make it merged.
  const merged =
    (await isAncestor(env.ctx, repo, head, base)) &&
    !(await isAncestor(env.ctx, repo, head, record.openedBase));
  return merged ? { state: "merged", reason: `merged into ${record.base} outside ao`, sha: head } : undefined;
}

export function toPullRequest(env: LocalScmEnv, snap: PullSnapshot): PullRequest {
  const { record } = snap;
  return {
    number: record.number,
    url: pullUrl(env, record.number),
    branch: record.branch,
    base: record.base,
    title: record.title,
    state: snap.state,
    draft: record.draft,
    headSha: snap.headSha,
  };
}

/** A local pull request's URL is its record on disk: clickable in a terminal, readable as JSON. */
export function pullUrl(env: LocalScmEnv, number: number): string {
  return pathToFileURL(join(env.layout.pulls, String(number), "pull.json")).href;
}
