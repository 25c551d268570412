import type { AoContext } from "../context.js";
import { findOnPath } from "../init/find-on-path.js";
import type { DoctorCheck } from "./check.js";

export interface ToolSpec {
  readonly id: string;
  readonly binary: string;
  readonly versionArgs: readonly string[];
  /** false: a missing tool is a warning (nothing configured needs it). */
  readonly required: boolean;
  readonly fix: string;
  /** Appended to the detail when the tool is not required, to say why. */
  readonly optionalReason?: string;
}

/**
 * A system tool (git, tmux) found on `ctx.env.PATH` and answering its version flag. It is run by
 * absolute path, so the PATH doctor reports on is the PATH it ran.
 */
export async function checkTool(ctx: Pick<AoContext, "exec" | "env">, spec: ToolSpec): Promise<DoctorCheck> {
  const base = { id: spec.id, title: spec.binary };
  const missing: DoctorCheck["status"] = spec.required ? "fail" : "warn";
  const reason = spec.required || spec.optionalReason === undefined ? "" : ` (${spec.optionalReason})`;
  const path = await findOnPath(spec.binary, ctx.env["PATH"]);
  if (path === undefined) {
    return { ...base, status: missing, detail: `${spec.binary} not found on PATH${reason}`, fix: spec.fix };
  }
  const result = await ctx.exec(path, spec.versionArgs, { reject: false, timeoutMs: 10_000 });
  const version = result.stdout.trim().split("\n")[0] ?? "";
  if (result.failed || version === "") {
    const why = result.timedOut ? "timed out" : `exited with ${String(result.exitCode)}`;
    return {
      ...base,
      status: missing,
      detail: `${path} ${spec.versionArgs.join(" ")} ${why}${reason}`,
      fix: spec.fix,
    };
  }
  return { ...base, status: "ok", detail: `${version} (${path})` };
}
