import { basename, dirname, join } from "node:path";
import { checkoutGitDirs } from "../sessions/checkout-git-files.js";
import type { Session } from "../store/index.js";
import type { DirWatch } from "./dir-watch.js";

interface WatchedRef {
  readonly key: string;
  readonly dir?: string;
  readonly name?: string;
  readonly listener?: () => void;
}

/**
 * A commit landing on a session's branch, seen the moment git moves the branch: the branch's loose
 * ref `<git common dir>/refs/heads/<branch>` is rewritten on every commit, amend, reset, rebase
 * step, merge or fetch into it, whoever does it (the agent, a person, `git` in a hook). The git
 * directory is the one of the session's checkout: the main repository's for a worktree (where
 * scm/local's pull request lives), the clone's own for a clone. No git hook is installed: hooks
 * live in the person's repository, shared by every worktree and often managed by a tool (husky's
 * `core.hooksPath`), and a hook is one more process on every git command. A ref kept only in
 * `packed-refs` gets a loose file again on its next update; a repository on the reftable backend,
 * or a checkout that is not on this machine, has no such file and is left to the poll.
 */
export class BranchWakes {
  readonly #watched = new Map<string, WatchedRef>();

  constructor(
    private readonly dirs: DirWatch,
    private readonly wake: (sessionId: string, why: "commit" | "new session") => void,
  ) {}

  /**
   * Watches the branches of `sessions` (the active ones), and no longer those of the others. With
   * `announce`, a session watched for the first time is woken too: it may have committed while it
   * was spawning, before there was a watch (the daemon's first look needs none: its first cycle runs).
   */
  sync(sessions: readonly Session[], announce: boolean): void {
    const wanted = new Map(sessions.map((session) => [session.id, session]));
    for (const [id, watched] of this.#watched) {
      const session = wanted.get(id);
      if (session === undefined || keyOf(session) !== watched.key) this.#forget(id, watched);
    }
    for (const session of sessions) {
      // A spawn makes the worktree and the branch; until it is done there may be nothing to watch.
      if (session.status === "spawning" || this.#watched.has(session.id)) continue;
      this.#watched.set(session.id, this.#watch(session));
      if (announce) this.wake(session.id, "new session");
    }
  }

  close(): void {
    for (const [id, watched] of this.#watched) this.#forget(id, watched);
  }

  #watch(session: Session): WatchedRef {
    const key = keyOf(session);
    const common = checkoutGitDirs(session.worktree)?.common;
    if (common === undefined) return { key };
    const ref = join(common, "refs", "heads", ...session.branch.split("/"));
    const [dir, name] = [dirname(ref), basename(ref)];
    const listener = () => this.wake(session.id, "commit");
    return this.dirs.add(dir, name, listener) ? { key, dir, name, listener } : { key };
  }

  #forget(id: string, watched: WatchedRef): void {
    if (watched.dir !== undefined && watched.name !== undefined && watched.listener !== undefined)
      this.dirs.remove(watched.dir, watched.name, watched.listener);
    this.#watched.delete(id);
  }
}

function keyOf(session: Session): string {
  return `${session.worktree}\n${session.branch}`;
}
