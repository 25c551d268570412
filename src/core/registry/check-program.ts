import type { Exec } from "../exec.js";
import { findOnPath } from "../find-on-path.js";
import type { PluginCheck } from "./plugin-capabilities.js";

export interface ProgramSpec {
  readonly id: string;
  readonly title: string;
  readonly binary: string;
  /** Run to prove the program works (its first line is reported); absent: being on PATH is enough. */
  readonly versionArgs?: readonly string[] | undefined;
  readonly fix: string;
  /**
   * Set when things mostly work without it: a missing program is then a warning, and this says why
   * it matters anyway ("`ao session attach` opens sessions through it").
   */
  readonly optional?: string | undefined;
}

/**
 * A program found on `env.PATH` and, given `versionArgs` and an `exec`, answering them. It is run
 * by absolute path, so the PATH reported on is the PATH it ran. Without `exec` (an offline check)
 * only PATH is looked at. For core's own tools (git) and for plugins' (tmux, agent CLIs).
 */
export async function checkProgram(
  ctx: { readonly env: Readonly<Record<string, string | undefined>>; readonly exec: Exec | undefined },
  spec: ProgramSpec,
): Promise<PluginCheck> {
  const base = { id: spec.id, title: spec.title };
  const missing = spec.optional === undefined ? "fail" : "warn";
  const reason = spec.optional === undefined ? "" : ` (${spec.optional})`;
  const path = await findOnPath(spec.binary, ctx.env["PATH"]);
  if (path === undefined) {
    return { ...base, status: missing, detail: `${spec.binary} not found on PATH${reason}`, fix: spec.fix };
  }
  if (spec.versionArgs === undefined || ctx.exec === undefined)
    return { ...base, status: "ok", detail: `${spec.binary} at ${path}` };
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
