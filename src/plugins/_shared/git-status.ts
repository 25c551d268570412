import { git, noFilterDrivers, type PluginContext } from "../../core/plugin-api.js";

/**
 * Work that would be lost by deleting a checkout: staged, modified, deleted and untracked paths
 * (ignored files do not count — they are build output by definition). `git status -z` so that
 * unusual file names arrive intact. The worktree is the agent's: filter drivers its config names
 * are switched off, so reading it runs none of its programs.
 */
export async function uncommittedPaths(
  ctx: Pick<PluginContext, "exec">,
  worktreePath: string,
): Promise<string[]> {
  const result = await git(ctx, worktreePath, [
    ...(await noFilterDrivers(ctx, worktreePath)),
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
  ]);
  const paths: string[] = [];
  const records = result.stdout.split("\0");
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? "";
    if (record.length < 4) continue;
    paths.push(record.slice(3));
    // A rename or copy is followed by its source path in its own record.
    if (record[0] === "R" || record[0] === "C") i++;
  }
  return paths;
}
