import type { AoContext } from "../context.js";
import { installCommand, type DoctorCheck, type DoctorHost } from "./check.js";
import { checkProgram } from "../registry/check-program.js";

/** git is always required: core itself runs it (every session is a branch, every spawn a commit range). */
export function checkGit(ctx: Pick<AoContext, "exec" | "env">, host: DoctorHost): Promise<DoctorCheck> {
  return checkProgram(ctx, {
    id: "git",
    title: "git",
    binary: "git",
    versionArgs: ["--version"],
    fix: installCommand(host, "git"),
  });
}
