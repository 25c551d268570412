/**
 * workspace: the isolated checkout one session works in (a git worktree, a full clone). Work is
 * precious: destroy refuses uncommitted changes unless forced, and never deletes the branch, so a
 * session's commits survive and `restore` can bring the checkout back.
 */

export interface WorkspaceProject {
  /** The project's id from the configuration. */
  id: string;
  /** The person's repository on disk. */
  path: string;
  defaultBranch: string;
}

export interface WorkspaceSpec {
  project: WorkspaceProject;
  sessionId: string;
  /** A valid git branch name (git check-ref-format --branch). */
  branch: string;
  /**
   * Start the new branch from this branch instead of the project's default branch (a plan's step
   * that builds on its dependency's work). Absent: the default branch.
   */
  startFrom?: string | undefined;
  /** The directory workspaces live in (AO_HOME/projects/<project>/worktrees). */
  baseDir: string;
  /** Project config: paths (relative to the repository) symlinked into the checkout, e.g. node_modules. */
  symlinks?: readonly string[] | undefined;
  /** Project config: paths copied (not linked) into the checkout, e.g. .env. */
  copy?: readonly string[] | undefined;
  /** Project config: commands run in the new checkout without a shell; a failure undoes the create. */
  postCreate?: readonly string[] | undefined;
}

export interface WorkspaceInfo {
  /** Absolute path of the checkout, inside `baseDir`; the same for create and restore. */
  path: string;
  branch: string;
  /** What a new branch was created from (`origin/main`, or `main` when origin was unavailable). */
  base?: string | undefined;
}

export interface DestroyOptions {
  /** Also discard uncommitted and untracked work. */
  force: boolean;
}

export interface Workspace {
  /**
   * A new checkout on a new branch created from the project's default branch (or `startFrom`). A branch name that
   * is already taken is never reused (it may hold another session's work): the workspace picks a
   * free variant (`ao/12-fix-2`) and returns the branch it used. Rejects with E_EXISTS when the
   * session's checkout is already there.
   */
  create(spec: WorkspaceSpec): Promise<WorkspaceInfo>;
  exists(path: string): Promise<boolean>;
  /** Returns the existing checkout untouched, or recreates it from the existing branch. */
  restore(spec: WorkspaceSpec): Promise<WorkspaceInfo>;
  /**
   * Removes the checkout. Rejects with E_WORKSPACE_DIRTY when it holds uncommitted or untracked
   * work and `force` is false. A path that does not exist is fine (idempotent).
   */
  destroy(path: string, options: DestroyOptions): Promise<void>;
}
