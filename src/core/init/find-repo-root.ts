import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";

/** The top of the working tree that contains `cwd` (any subdirectory of a repository works). */
export async function findRepoRoot(ctx: Pick<AoContext, "exec">, cwd: string): Promise<string> {
  const result = await git(ctx, cwd, ["rev-parse", "--show-toplevel"], { reject: false });
  const root = result.stdout.trim();
  if (result.failed || root === "") {
    throw new AoError("E_NOT_A_REPO", `${cwd} is not inside a git repository`, {
      hint: "run `ao init` from your project's checkout, or create one with `git init`",
      details: { cwd },
    });
  }
  return root;
}
