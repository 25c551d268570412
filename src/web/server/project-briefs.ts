import type { LoadedConfig } from "../../core/config/index.js";
import type { AoContext } from "../../core/context.js";
import { forgeFor } from "../../core/sessions/index.js";
import type { ProjectBrief } from "../api/types.js";

/**
 * What the page may offer per project, decided once at mount: spawning from an issue needs a
 * tracker; approve / request changes need an scm that records reviews itself (the `review`
 * capability); posting the review's line comments as a review on the forge needs `postLineReview`. An scm that cannot even be created (a
 * missing credential) offers nothing here; its actions still answer with the core's error.
 */
export async function projectBriefs(ctx: AoContext, loaded: LoadedConfig): Promise<ProjectBrief[]> {
  const briefs: ProjectBrief[] = [];
  for (const project of Object.values(loaded.config.projects)) {
    const scm =
      project.scm === undefined
        ? undefined
        : await forgeFor(ctx, loaded, project)
            .scm()
            .then(({ plugin }) => plugin)
            .catch(() => undefined);
    briefs.push({
      id: project.id,
      hasTracker: project.tracker !== undefined,
      localReview: typeof scm?.review === "function",
      forgeReview: typeof scm?.postLineReview === "function",
    });
  }
  return briefs;
}
