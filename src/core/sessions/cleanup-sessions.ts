import type { AoContext } from "../context.js";
import { closeStore, listSessions, openStore, type Session } from "../store/index.js";
import type { OpenProject } from "./open-project.js";
import { projectOpener } from "./project-cache.js";
import { TidySession, type CleanupAction } from "./tidy-session.js";
import { messageOf } from "../errors.js";

export type { CleanupAction, CleanupActionKind } from "./tidy-session.js";

export interface CleanupOptions {
  dryRun?: boolean | undefined;
  configPath?: string | undefined;
}

/** Ended sessions whose checkouts are removed when they hold no uncommitted work. */
const ENDED = new Set(["killed", "merged", "closed"]);

/**
 * Tidies AO_HOME's sessions: rolls back interrupted spawns (or finishes one whose agent already
 * runs), stops agents of ended sessions, and removes checkouts of killed, merged and closed sessions
 * that hold no uncommitted work. Branches are never deleted. Returns what it did, or would do.
 */
export async function cleanupSessions(
  ctx: AoContext,
  options: CleanupOptions = {},
): Promise<CleanupAction[]> {
  const store = openStore(ctx);
  const open = projectOpener(ctx, options.configPath);
  try {
    const actions: CleanupAction[] = [];
    for (const session of listSessions(store).filter(needsCleanup)) {
      let opened: OpenProject;
      try {
        opened = await open(session);
      } catch (error) {
        actions.push({ session: session.id, action: "skipped", detail: messageOf(error), done: false });
        continue;
      }
      actions.push(...(await new TidySession(ctx, store, opened, options.dryRun === true).session(session)));
    }
    return actions;
  } finally {
    closeStore(store);
  }
}

function needsCleanup(session: Session): boolean {
  return (
    session.status === "spawning" ||
    ENDED.has(session.status) ||
    (session.status === "errored" && session.spawnStep !== "done")
  );
}
