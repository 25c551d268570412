import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import type { DoctorCheck } from "./check.js";

/** AO_HOME holds the database, worktrees and logs: create it if needed and prove a file can be written there. */
export async function checkAoHome(ctx: Pick<AoContext, "paths">): Promise<DoctorCheck> {
  const home = ctx.paths.home;
  const base = { id: "ao-home", title: "AO_HOME" };
  const probe = join(home, `.doctor-${randomBytes(4).toString("hex")}.tmp`);
  try {
    await mkdir(home, { recursive: true, mode: 0o700 });
    await writeFile(probe, "ok\n");
    await rm(probe, { force: true });
    return { ...base, status: "ok", detail: `${home} is writable` };
  } catch (error) {
    const why = error instanceof Error && "code" in error ? String(error.code) : "not writable";
    return {
      ...base,
      status: "fail",
      detail: `${home} is not writable (${why})`,
      fix: `mkdir -p '${home}' && chmod u+rwx '${home}'  (or set AO_HOME to a writable directory)`,
    };
  }
}
