import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { Workspace, WorkspaceProject, WorkspaceSpec } from "../../src/core/slots/index.js";

export interface WorkspaceSubject {
  workspace: Workspace;
  /** A real, clean repository with a pushed default branch (makeTestRepo). */
  project: WorkspaceProject;
  /** An empty directory for workspaces. */
  baseDir: string;
  /** Records everything in the workspace durably on its branch (git add -A && git commit). */
  commit(path: string, message: string): Promise<void>;
  /** The branch checked out at `path`, as the underlying storage sees it. */
  branchOf(path: string): Promise<string>;
  branchExists(branch: string): Promise<boolean>;
  cleanup(): Promise<void>;
}

/** The behaviour every workspace has; run it with `workspaceContract("worktree", makeSubject)`. */
export function workspaceContract(name: string, makeSubject: () => Promise<WorkspaceSubject>): void {
  describe(`workspace contract: ${name}`, () => {
    let subject: WorkspaceSubject;
    afterEach(() => subject.cleanup());

    async function setUp(): Promise<(sessionId: string, branch?: string) => WorkspaceSpec> {
      subject = await makeSubject();
      return (sessionId, branch = `ao/${sessionId}`) => ({
        project: subject.project,
        sessionId,
        branch,
        baseDir: subject.baseDir,
      });
    }
    const rejection = async (promise: Promise<unknown>) => {
      const error: unknown = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      return isAoError(error) ? error.code : error;
    };

    it("creates a checkout of the branch inside baseDir with the project's files", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      expect(info.branch).toBe("ao/app-1");
      expect(isInside(info.path, subject.baseDir)).toBe(true);
      expect(await subject.workspace.exists(info.path)).toBe(true);
      expect(await subject.branchOf(info.path)).toBe("ao/app-1");
      for (const entry of readdirSync(subject.project.path).filter((e) => e !== ".git")) {
        expect(existsSync(join(info.path, entry))).toBe(true);
      }
    });

    it("keeps sessions apart", async () => {
      const spec = await setUp();
      const first = await subject.workspace.create(spec("app-1"));
      const second = await subject.workspace.create(spec("app-2"));
      expect(second.path).not.toBe(first.path);
      writeFileSync(join(first.path, "only-here.txt"), "first\n");
      expect(existsSync(join(second.path, "only-here.txt"))).toBe(false);
    });

    it("refuses to create a session's workspace twice", async () => {
      const spec = await setUp();
      await subject.workspace.create(spec("app-1"));
      expect(await rejection(subject.workspace.create(spec("app-1")))).toBe("E_EXISTS");
    });

    it("says a path that holds no workspace does not exist", async () => {
      await setUp();
      expect(await subject.workspace.exists(join(subject.baseDir, "never-created"))).toBe(false);
    });

    it("destroys a clean workspace and keeps its branch", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      await subject.workspace.destroy(info.path, { force: false });
      expect(existsSync(info.path)).toBe(false);
      expect(await subject.workspace.exists(info.path)).toBe(false);
      expect(await subject.branchExists("ao/app-1")).toBe(true);
    });

    it("refuses to destroy untracked or modified work unless forced", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      writeFileSync(join(info.path, "notes.txt"), "v1\n");
      expect(await rejection(subject.workspace.destroy(info.path, { force: false }))).toBe(
        "E_WORKSPACE_DIRTY",
      );
      await subject.commit(info.path, "add notes");
      writeFileSync(join(info.path, "notes.txt"), "v2\n");
      expect(await rejection(subject.workspace.destroy(info.path, { force: false }))).toBe(
        "E_WORKSPACE_DIRTY",
      );
      expect(readFileSync(join(info.path, "notes.txt"), "utf8")).toBe("v2\n");
      await subject.workspace.destroy(info.path, { force: true });
      expect(existsSync(info.path)).toBe(false);
      expect(await subject.branchExists("ao/app-1")).toBe(true);
    });

    it("destroys idempotently", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      await subject.workspace.destroy(info.path, { force: false });
      await expect(subject.workspace.destroy(info.path, { force: false })).resolves.toBeUndefined();
    });

    it("restores a destroyed workspace at the same path with its committed work", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      writeFileSync(join(info.path, "work.txt"), "committed work\n");
      await subject.commit(info.path, "work");
      await subject.workspace.destroy(info.path, { force: false });
      const restored = await subject.workspace.restore(spec("app-1"));
      expect(restored).toMatchObject({ path: info.path, branch: info.branch });
      expect(await subject.branchOf(restored.path)).toBe("ao/app-1");
      expect(readFileSync(join(restored.path, "work.txt"), "utf8")).toBe("committed work\n");
    });

    it("restores an existing workspace untouched", async () => {
      const spec = await setUp();
      const info = await subject.workspace.create(spec("app-1"));
      writeFileSync(join(info.path, "draft.txt"), "not committed yet\n");
      expect(await subject.workspace.restore(spec("app-1"))).toMatchObject({
        path: info.path,
        branch: info.branch,
      });
      expect(readFileSync(join(info.path, "draft.txt"), "utf8")).toBe("not committed yet\n");
    });

    it("never reuses a taken branch: a new session gets a fresh one", async () => {
      const spec = await setUp();
      const first = await subject.workspace.create(spec("app-1", "ao/shared"));
      writeFileSync(join(first.path, "progress.txt"), "half done\n");
      await subject.commit(first.path, "progress");
      await subject.workspace.destroy(first.path, { force: false });
      const second = await subject.workspace.create(spec("app-2", "ao/shared"));
      expect(second.branch).not.toBe("ao/shared");
      expect(await subject.branchOf(second.path)).toBe(second.branch);
      expect(existsSync(join(second.path, "progress.txt"))).toBe(false);
      expect(await subject.branchExists("ao/shared")).toBe(true);
    });
  });
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
