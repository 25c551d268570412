import type { AoContext } from "../context.js";
import { installCommand, type DoctorCheck, type DoctorHost } from "./check.js";
import { checkTool } from "./check-tool.js";

/** git is always required: every session is a worktree and a branch. */
export function checkGit(ctx: Pick<AoContext, "exec" | "env">, host: DoctorHost): Promise<DoctorCheck> {
  return checkTool(ctx, {
    id: "git",
    binary: "git",
    versionArgs: ["--version"],
    required: true,
    fix: installCommand(host, "git"),
  });
}
