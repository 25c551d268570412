import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import type { ScmChange } from "../slots/index.js";
import { listSessions, type Store } from "../store/index.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";

/**
 * What each watched project's scm reports on its own (`Scm.watchChanges`: scm/local when a CI run
 * finishes), turned into the active sessions of that project it is about. Returns what stops them.
 */
export async function watchScmChanges(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: { readonly project: string | undefined; readonly log: DaemonLog },
  wake: (sessionIds: readonly string[]) => void,
): Promise<() => void> {
  const { enginePlugins } = await import("../lifecycle/engine.js");
  const plugins = enginePlugins(ctx, engine);
  const stops: (() => void)[] = [];
  for (const project of Object.values(engine.config.config.projects)) {
    if (project.scm === undefined || (options.project !== undefined && project.id !== options.project))
      continue;
    try {
      const scm = await plugins.forProject(project.id)?.scm();
      const stop = scm?.watchChanges?.((change) => wake(sessionsAbout(engine.store, project.id, change)));
      if (stop !== undefined) stops.push(stop);
    } catch (error) {
      // The cycles report an scm that cannot be created; here it only means no wakes from it.
      options.log.warn(`project ${project.id}: its scm's changes wait for the poll: ${messageOf(error)}`);
    }
  }
  return () => {
    for (const stop of stops) stop();
  };
}

/** The project's active sessions whose branch or pull request the change names. */
export function sessionsAbout(store: Store, project: string, change: ScmChange): string[] {
  const branches = new Set(change.branches);
  const pulls = new Set(change.pullRequests);
  return listSessions(store, { project, activeOnly: true })
    .filter(
      (session) => branches.has(session.branch) || (session.prNumber !== null && pulls.has(session.prNumber)),
    )
    .map((session) => session.id);
}
