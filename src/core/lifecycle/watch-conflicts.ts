import { radarProject } from "../conflicts/index.js";
import { messageOf } from "../errors.js";
import { listConflictPairs, listSessions, writeTransaction } from "../store/index.js";
import type { CycleScope, CycleStep, StepResult } from "./cycle-scope.js";
import { insertPlanned } from "./insert-planned.js";
import { planConflictReactions } from "./plan-conflict-reactions.js";
import { sumResults } from "./cycle-report.js";

/**
 * The conflict radar (docs/conflicts.md), once per cycle after the decisions: for each project of
 * the cycle, the live sessions' branches merged pairwise and against the default branch — only the
 * pairs whose heads moved — then conflict-predicted reactions planned for the new conflicts.
 */
export const watchConflicts: CycleStep = async (scope) => {
  const results: StepResult[] = [];
  for (const projectId of radarProjects(scope)) results.push(await watchProject(scope, projectId));
  return sumResults(results);
};

/** The cycle's projects, and those with stored pairs (their last sessions may have just ended). */
function radarProjects(scope: CycleScope): string[] {
  const ids = new Set(scope.sessions.map((session) => session.project));
  if (scope.options.sessionIds === undefined)
    for (const pair of listConflictPairs(scope.store, { project: scope.options.project }))
      ids.add(pair.project);
  return [...ids];
}

async function watchProject(scope: CycleScope, projectId: string): Promise<StepResult> {
  const project = scope.config.projects[projectId];
  if (project === undefined) return {};
  try {
    const sessions = listSessions(scope.store, { activeOnly: true, project: projectId });
    const pass = await radarProject(scope.ctx, scope.store, {
      id: projectId,
      repo: project.path,
      defaultBranch: project.defaultBranch,
      sessions,
      at: scope.at,
    });
    const byId = new Map(sessions.map((session) => [session.id, session]));
    const reactions = project.reactions;
    const planned = planConflictReactions(pass.changes, byId, reactions, project.defaultBranch, scope.at);
    const inserted =
      planned.length === 0 ? 0 : writeTransaction(scope.store, (tx) => insertPlanned(tx, planned));
    return { events: pass.events, planned: inserted, errors: pass.errors };
  } catch (error) {
    return { errors: [`${projectId}: conflict radar: ${messageOf(error)}`] };
  }
}
