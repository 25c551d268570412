import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { IssueFilter, Tracker } from "../slots/index.js";
import { closeStore, listSessions, openStore } from "../store/index.js";
import { looksLikeReference } from "./resolve-task.js";
import { describeError } from "./restore-all.js";
import { spawnSession, type SpawnOptions, type SpawnRequest } from "./spawn-session.js";
import { openProject, type OpenProject } from "./open-project.js";

export interface BatchResult {
  /** The issue argument as given. */
  issue: string;
  outcome: "spawned" | "skipped" | "failed";
  /** The new session, or the live one that made this issue skipped. */
  session?: string | undefined;
  branch?: string | undefined;
  error?: { code: string; message: string; hint?: string | undefined } | undefined;
}

/** `--label` / `--assignee`: the open issues of the project's tracker that have all of them. */
export type IssueSelection = Pick<IssueFilter, "labels" | "assignee">;

/**
 * Spawns one session per issue, one after another (each waits for a slot with `queue`). The
 * issues are the given ones, or with `select` the tracker's open issues matching it. An issue
 * that already has a live session in the project is skipped; a failure is reported and the batch
 * goes on.
 */
export async function batchSpawn(
  ctx: AoContext,
  request: Omit<SpawnRequest, "issue"> & {
    issues?: readonly string[] | undefined;
    select?: IssueSelection | undefined;
  },
  options: SpawnOptions = {},
): Promise<BatchResult[]> {
  const { issues: given, select, ...common } = request;
  const opened = await openProject(ctx, request.project, {
    configPath: request.configPath,
    agent: request.agent,
  });
  // Listed issues come with their ids, so finding their live sessions asks the tracker nothing.
  const listed = select === undefined ? undefined : await selectIssues(opened, select);
  const issueId = (ref: string) =>
    listed === undefined ? issueIdOf(ref, opened.tracker, ctx.cwd) : Promise.resolve(ref);
  const results: BatchResult[] = [];
  for (const issue of listed ?? given ?? []) {
    try {
      const live = liveSessionFor(ctx, request.project, await issueId(issue));
      if (live !== undefined) {
        results.push({ issue, outcome: "skipped", session: live });
        continue;
      }
      const session = await spawnSession(ctx, { ...common, issue }, options);
      results.push({ issue, outcome: "spawned", session: session.id, branch: session.branch });
    } catch (error) {
      results.push({ issue, outcome: "failed", error: describeError(error) });
    }
  }
  return results;
}

/** The ids of the open issues matching `select`; a tracker that cannot list is a usage error. */
async function selectIssues(opened: OpenProject, select: IssueSelection): Promise<string[]> {
  const name = opened.project.tracker?.plugin;
  const tracker = await opened.tracker();
  if (tracker?.listIssues === undefined) {
    const why = name === undefined ? "has no tracker" : `uses tracker/${name}, which cannot list issues`;
    throw new AoError(
      "E_USAGE",
      `project ${opened.project.id} ${why}, so --label/--assignee cannot find issues`,
      {
        hint: "name the issues instead (ao batch-spawn <project> 12 14), or use a tracker that can list issues (ao plugin ls; docs/trackers.md)",
      },
    );
  }
  const found = await tracker.listIssues({ ...select, state: "open" });
  return found.map((issue) => issue.id);
}

/** The tracker's id for an issue reference; undefined for free text or a project without a tracker. */
async function issueIdOf(
  ref: string,
  tracker: () => Promise<Tracker | undefined>,
  cwd: string,
): Promise<string | undefined> {
  const found = looksLikeReference(ref, cwd) ? await tracker() : undefined;
  return found === undefined ? undefined : (await found.getIssue(ref)).id;
}

/** The id of an active session of the project working on the tracker issue `issueId`, if any. */
function liveSessionFor(ctx: AoContext, project: string, issueId: string | undefined): string | undefined {
  if (issueId === undefined) return undefined;
  const store = openStore(ctx);
  try {
    return listSessions(store, { project, activeOnly: true }).find((session) => session.issue === issueId)
      ?.id;
  } finally {
    closeStore(store);
  }
}
