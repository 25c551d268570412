import type { AoConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import type { Session, Store } from "../store/index.js";
import { projectOpener } from "./project-cache.js";
import { TidySession, type CleanupAction } from "./tidy-session.js";

/**
 * `lifecycle.autoCleanupOnMerge`: a merged session whose grace period (`mergeCleanupIdleGraceMs`,
 * counted from the merge) has passed gets what `ao session cleanup` does to it: runtime stopped,
 * worktree removed unless it holds uncommitted work, branch kept. `done` remembers the sessions
 * already tidied by this process, so each is looked at once.
 */
export async function cleanupMergedSessions(
  ctx: AoContext,
  store: Store,
  loaded: { readonly path: string; readonly config: AoConfig },
  sessions: readonly Session[],
  done: Set<string>,
): Promise<CleanupAction[]> {
  const { autoCleanupOnMerge, mergeCleanupIdleGraceMs } = loaded.config.lifecycle;
  if (!autoCleanupOnMerge) return [];
  const now = ctx.clock.now();
  const due = sessions.filter(
    (session) =>
      session.status === "merged" &&
      !done.has(session.id) &&
      now - (session.statusSince ?? session.updatedAt) >= mergeCleanupIdleGraceMs,
  );
  const open = projectOpener(ctx, loaded.path);
  const actions: CleanupAction[] = [];
  for (const session of due) {
    done.add(session.id);
    try {
      actions.push(...(await new TidySession(ctx, store, await open(session), false).session(session)));
    } catch (error) {
      actions.push({ session: session.id, action: "skipped", detail: messageOf(error), done: false });
    }
  }
  return actions;
}
