import type { AoContext } from "../context.js";
import type { Tracker } from "../slots/index.js";
import { closeStore, listSessions, openStore } from "../store/index.js";
import { isPlainlyFreeText } from "./resolve-task.js";
import { describeError } from "./restore-all.js";
import { spawnSession, type SpawnOptions, type SpawnRequest } from "./spawn-session.js";
import { openProject } from "./open-project.js";

export interface BatchResult {
  /** The issue argument as given. */
  issue: string;
  outcome: "spawned" | "skipped" | "failed";
  /** The new session, or the live one that made this issue skipped. */
  session?: string | undefined;
  branch?: string | undefined;
  error?: { code: string; message: string; hint?: string | undefined } | undefined;
}

/**
 * Spawns one session per issue, one after another (each waits for a slot with `queue`). An issue
 * that already has a live session in the project is skipped; a failure is reported and the batch
 * goes on.
 */
export async function batchSpawn(
  ctx: AoContext,
  request: Omit<SpawnRequest, "issue"> & { issues: readonly string[] },
  options: SpawnOptions = {},
): Promise<BatchResult[]> {
  const { issues, ...common } = request;
  const opened = await openProject(ctx, request.project, {
    configPath: request.configPath,
    agent: request.agent,
  });
  const results: BatchResult[] = [];
  for (const issue of issues) {
    try {
      const live = await liveSessionFor(ctx, request.project, issue, opened.tracker);
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

/** The id of an active session of the project working on the same tracker issue, if any. */
async function liveSessionFor(
  ctx: AoContext,
  project: string,
  ref: string,
  tracker: () => Promise<Tracker | undefined>,
): Promise<string | undefined> {
  const found = isPlainlyFreeText(ref) ? undefined : await tracker();
  if (found === undefined) return undefined;
  const issue = await found.getIssue(ref);
  const store = openStore(ctx);
  try {
    return listSessions(store, { project, activeOnly: true }).find((session) => session.issue === issue.id)
      ?.id;
  } finally {
    closeStore(store);
  }
}
