import type { PluginContext } from "../../../core/plugin-api.js";
import { withRepoLock } from "../../_shared/git-lock.js";
import { setupError } from "./workspace-common.js";
import { excludeFromGit, linkAndCopy, runPostCreate, type WorkspaceSetup } from "./workspace-setup.js";

export interface PrepareTarget {
  /** The person's repository: the source of symlinks and copies. */
  repoPath: string;
  workspacePath: string;
  setup: WorkspaceSetup;
}

/**
 * Symlinks, copies and postCreate commands for a checkout that was just made. If any of them fails,
 * `rollBack` undoes the checkout so no half-made workspace is left behind, and the error is rethrown
 * as an AoError that says so.
 */
export async function prepareOrRollBack(
  ctx: Pick<PluginContext, "exec" | "env" | "stderr">,
  target: PrepareTarget,
  rollBack: () => Promise<void>,
): Promise<void> {
  try {
    const made = await linkAndCopy(target.repoPath, target.workspacePath, target.setup);
    if (made.length > 0) {
      await withRepoLock(ctx, target.workspacePath, () => excludeFromGit(ctx, target.workspacePath, made));
    }
    await runPostCreate(ctx, target.workspacePath, target.setup);
  } catch (error) {
    const rollBackError = await rollBack().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    throw setupError(error, target.workspacePath, rollBackError);
  }
}
