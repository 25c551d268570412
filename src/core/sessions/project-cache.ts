import type { AoContext } from "../context.js";
import type { Session } from "../store/index.js";
import { openProject, type OpenProject } from "./open-project.js";

/**
 * Opens each stored session's project with the runtime and agent it was spawned with, once per
 * combination: commands that walk every session (restore --all, cleanup) load plugins only once.
 */
export function projectOpener(
  ctx: AoContext,
  configPath: string | undefined,
): (session: Session) => Promise<OpenProject> {
  const cache = new Map<string, Promise<OpenProject>>();
  return (session) => {
    const key = `${session.project}\u0000${session.runtime}\u0000${session.agent}`;
    let opened = cache.get(key);
    if (!opened) {
      opened = openProject(ctx, session.project, {
        configPath,
        runtime: session.runtime,
        agent: session.agent,
      });
      cache.set(key, opened);
    }
    return opened;
  };
}
