import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { AoError } from "../../src/core/errors.js";
import type { DestroyOptions, Workspace, WorkspaceInfo, WorkspaceSpec } from "../../src/core/slots/index.js";

type Files = Map<string, string>;

/**
 * A workspace that copies files instead of running git: real directories under `baseDir`, and an
 * in-memory "branch" per name holding the committed files. `commit` records a workspace's files
 * on its branch; anything that differs from the branch is uncommitted work, exactly as destroy
 * must treat it. Fast enough for session-manager tests that spawn dozens of sessions. The project
 * setup fields (symlinks, copy, postCreate) are not applied; `specs` records them for assertions.
 */
export class FakeWorkspace implements Workspace {
  /** Every spec create and restore were called with, in order. */
  readonly specs: WorkspaceSpec[] = [];
  /** project id + branch → committed files. */
  readonly branches = new Map<string, Files>();
  /** path → what is checked out there. */
  readonly checkouts = new Map<string, { projectId: string; branch: string }>();
  readonly destroyed: string[] = [];

  create(spec: WorkspaceSpec): Promise<WorkspaceInfo> {
    this.specs.push(spec);
    const path = workspacePath(spec);
    if (existsSync(path)) {
      return Promise.reject(
        new AoError("E_EXISTS", `the workspace for ${spec.sessionId} already exists at ${path}`),
      );
    }
    return Promise.resolve(this.checkOut({ ...spec, branch: this.freeBranch(spec) }, path));
  }

  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.checkouts.has(resolve(path)) && existsSync(path));
  }

  restore(spec: WorkspaceSpec): Promise<WorkspaceInfo> {
    this.specs.push(spec);
    const path = workspacePath(spec);
    if (this.checkouts.has(path) && existsSync(path)) return Promise.resolve({ path, branch: spec.branch });
    rmSync(path, { recursive: true, force: true });
    return Promise.resolve(this.checkOut(spec, path));
  }

  destroy(path: string, options: DestroyOptions): Promise<void> {
    const absolute = resolve(path);
    const checkout = this.checkouts.get(absolute);
    if (!checkout || !existsSync(absolute)) {
      this.checkouts.delete(absolute);
      return Promise.resolve();
    }
    const changed = this.uncommitted(absolute);
    if (changed.length > 0 && !options.force) {
      return Promise.reject(
        new AoError("E_WORKSPACE_DIRTY", `${absolute} has uncommitted work: ${changed.join(", ")}`, {
          hint: "commit or discard the changes, or destroy with force",
          details: { path: absolute, changed },
        }),
      );
    }
    rmSync(absolute, { recursive: true, force: true });
    this.checkouts.delete(absolute);
    this.destroyed.push(absolute);
    return Promise.resolve();
  }

  /** Records everything in the workspace on its branch (git add -A && git commit). */
  commit(path: string): void {
    const checkout = this.checkout(path);
    this.branches.set(branchKey(checkout.projectId, checkout.branch), readFiles(resolve(path)));
  }

  /** Files that differ from the branch: modified, added or deleted. */
  uncommitted(path: string): string[] {
    const checkout = this.checkout(path);
    const committed =
      this.branches.get(branchKey(checkout.projectId, checkout.branch)) ?? new Map<string, string>();
    const current = readFiles(resolve(path));
    const names = new Set([...committed.keys(), ...current.keys()]);
    return [...names].filter((name) => committed.get(name) !== current.get(name)).sort();
  }

  branchOf(path: string): string {
    return this.checkout(path).branch;
  }

  hasBranch(projectId: string, branch: string): boolean {
    return this.branches.has(branchKey(projectId, branch));
  }

  /** The requested branch, or `<branch>-2`, `-3`… when it is taken. */
  private freeBranch(spec: WorkspaceSpec): string {
    let branch = spec.branch;
    for (let n = 2; this.hasBranch(spec.project.id, branch); n++) branch = `${spec.branch}-${n}`;
    return branch;
  }

  private checkout(path: string): { projectId: string; branch: string } {
    const checkout = this.checkouts.get(resolve(path));
    if (!checkout) throw new Error(`FakeWorkspace: no workspace at ${path}`);
    return checkout;
  }

  private checkOut(spec: WorkspaceSpec, path: string): WorkspaceInfo {
    const key = branchKey(spec.project.id, spec.branch);
    const files = this.branches.get(key) ?? readFiles(spec.project.path);
    this.branches.set(key, files);
    for (const [name, content] of files) {
      mkdirSync(dirname(join(path, name)), { recursive: true });
      writeFileSync(join(path, name), content);
    }
    mkdirSync(path, { recursive: true });
    this.checkouts.set(path, { projectId: spec.project.id, branch: spec.branch });
    return { path, branch: spec.branch };
  }
}

function workspacePath(spec: WorkspaceSpec): string {
  return resolve(spec.baseDir, spec.sessionId);
}

function branchKey(projectId: string, branch: string): string {
  return `${projectId}\u0000${branch}`;
}

/** Every file under `root` except .git, by relative path. */
function readFiles(root: string): Files {
  const files: Files = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry === ".git") continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, "utf8"));
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}
