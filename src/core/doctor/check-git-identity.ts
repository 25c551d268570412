import type { AoContext } from "../context.js";
import type { DoctorCheck } from "./check.js";

/**
 * git's user.name and user.email as a worktree of `dir` sees them (its repository's, the global and
 * system files). Without them an agent's first `git commit` fails, after it has done the work.
 */
export async function checkGitIdentity(ctx: Pick<AoContext, "exec">, dir: string): Promise<DoctorCheck> {
  const base = { id: "git-identity", title: "git identity" };
  const missing: string[] = [];
  const found: string[] = [];
  for (const key of ["user.name", "user.email"]) {
    const result = await ctx.exec("git", ["config", "--get", key], { cwd: dir, reject: false });
    const value = result.stdout.trim();
    if (result.failed || value === "") missing.push(key);
    else found.push(value);
  }
  if (missing.length === 0)
    return { ...base, status: "ok", detail: `commits in ${dir} are by ${found.join(" ")}` };
  return {
    ...base,
    status: "fail",
    detail: `git has no ${missing.join(" or ")} for ${dir}: an agent's first commit there fails`,
    fix: missing.map((key) => `git config --global ${key} "…"`).join(" && "),
  };
}
