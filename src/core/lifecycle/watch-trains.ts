import { messageOf } from "../errors.js";
import { listQueueEntries, writeTransaction } from "../store/index.js";
import { runTrain } from "../train/index.js";
import type { CycleScope, CycleStep, StepResult } from "./cycle-scope.js";
import { sumResults } from "./cycle-report.js";
import { insertPlanned } from "./insert-planned.js";
import { planTrainReactions } from "./plan-train-reactions.js";

/**
 * The merge trains (docs/merge-train.md), once per delivering cycle after the turns: each project
 * with entries in its queue (or that left it) advances its train, and the sessions that left get
 * their agent's turn planned (merge-conflicts or ci-failed). `ao status --refresh` (no delivery)
 * lands nothing.
 */
export const advanceTrains: CycleStep = async (scope) => {
  if (scope.options.deliver === false || scope.options.sessionIds !== undefined) return {};
  const projects = new Set(
    listQueueEntries(scope.store, { project: scope.options.project })
      .filter((entry) => entry.state !== "landed")
      .map((entry) => entry.project),
  );
  const results: StepResult[] = [];
  for (const projectId of projects) results.push(await advanceProject(scope, projectId));
  return sumResults(results);
};

async function advanceProject(scope: CycleScope, projectId: string): Promise<StepResult> {
  const project = scope.config.projects[projectId];
  if (project === undefined) return {};
  try {
    const scm = await scope.plugins.forProject(projectId)?.scm();
    if (scm === undefined) return { errors: [`${projectId}: merge train: the project has no scm`] };
    const pass = await runTrain({
      ctx: scope.ctx,
      store: scope.store,
      project: {
        id: projectId,
        repo: project.path,
        defaultBranch: project.defaultBranch,
        update: project.mergeQueue.update,
        batch: project.mergeQueue.batch,
      },
      scm,
    });
    const planned = planTrainReactions(
      pass.left,
      project.reactions,
      project.defaultBranch,
      scope.ctx.clock.now(),
    );
    const inserted =
      planned.length === 0 ? 0 : writeTransaction(scope.store, (tx) => insertPlanned(tx, planned));
    return { planned: inserted };
  } catch (error) {
    return { errors: [`${projectId}: merge train: ${messageOf(error)}`] };
  }
}
