import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { AoError, messageOf, type PluginContext, type WorkspaceSpec } from "../../../core/plugin-api.js";
import type { BranchBase } from "../../_shared/git-base.js";

/** Small pieces every workspace plugin shares: where a checkout lives, and how problems are told. */

/** `<baseDir>/<sessionId>`; baseDir is AO_HOME/projects/<project>/worktrees. */
export function workspacePath(spec: WorkspaceSpec): string {
  return join(spec.baseDir, spec.sessionId);
}

export async function pathExists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** A fallback to the local branch is worth a line: the session may start from old code. */
export function reportBase(ctx: Pick<PluginContext, "stderr">, spec: WorkspaceSpec, base: BranchBase): void {
  if (base.source === "origin") return;
  ctx.stderr.write(
    `warning: ${spec.sessionId}: branching from local ${base.label}, not origin/${spec.project.defaultBranch} (${base.fallbackReason ?? "unknown reason"})\n`,
  );
}

export function workspaceExists(path: string): AoError {
  return new AoError("E_EXISTS", `a workspace already exists at ${path}`, {
    hint: "restore the session instead, or destroy the old workspace first",
    details: { path },
  });
}

export function dirtyWorkspace(path: string, dirty: readonly string[]): AoError {
  const shown =
    dirty.slice(0, 5).join(", ") + (dirty.length > 5 ? `, … (${String(dirty.length)} in all)` : "");
  return new AoError("E_WORKSPACE_DIRTY", `${path} has uncommitted or untracked changes: ${shown}`, {
    hint: "commit (or stash) the work in that directory, or pass --force to discard it",
    details: { path, paths: dirty.slice(0, 50) },
  });
}

/**
 * Anything thrown while setting a checkout up becomes one clear AoError naming the checkout and
 * saying whether it was removed again.
 */
export function setupError(error: unknown, path: string, rollBackError?: unknown): AoError {
  const aftermath =
    rollBackError === undefined
      ? "the workspace was removed again"
      : `removing the half-made workspace also failed (${messageOf(rollBackError)}); delete ${path} by hand`;
  const details = { ...(error instanceof AoError ? error.details : {}), workspacePath: path };
  if (error instanceof AoError) {
    return new AoError(error.code, `${error.message} (${aftermath})`, {
      hint: error.hint,
      details,
      cause: error,
    });
  }
  return new AoError(
    "E_WORKSPACE_FAILED",
    `setting up the workspace ${path} failed: ${messageOf(error)} (${aftermath})`,
    {
      hint: "fix the cause and spawn again",
      details,
      cause: error,
    },
  );
}
