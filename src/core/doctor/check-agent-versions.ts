import type { AoContext } from "../context.js";
import { findOnPath } from "../find-on-path.js";
import { listPrograms, type CatalogProgram } from "../registry/list-programs.js";
import type { DoctorCheck } from "./check.js";

/** An agent CLI's `--version` starts node and may check for updates: seconds, not more. */
const VERSION_TIMEOUT_MS = 15_000;

/**
 * One check per agent CLI installed on PATH that prints a version: the version, and a warning when it is newer than the
 * version its plugin's recognisers were recorded from (`PluginProgram.recordedVersion`, kept equal
 * to the newest `test/fixtures/agents/<agent>/…/version.txt` by a test). A newer CLI may show a
 * dialog or a message ao does not know yet: ao then reads a still screen as needs_input, but a
 * person should know why it may misread one.
 */
export async function checkAgentVersions(
  ctx: Pick<AoContext, "env" | "catalog" | "exec">,
): Promise<DoctorCheck[]> {
  const programs = await listPrograms(ctx.catalog, "agent");
  const checks = await Promise.all(programs.map((entry) => checkAgentVersion(ctx, entry)));
  return checks.filter((check): check is DoctorCheck => check !== undefined);
}

async function checkAgentVersion(
  ctx: Pick<AoContext, "env" | "exec">,
  { plugin, program }: CatalogProgram,
): Promise<DoctorCheck | undefined> {
  const path = await findOnPath(program.binary, ctx.env["PATH"]);
  if (path === undefined) return undefined;
  const base = { id: `agent-version:${plugin}`, title: `${program.binary} version (${plugin})` };
  const result = await ctx
    .exec(path, program.versionArgs, { timeoutMs: VERSION_TIMEOUT_MS })
    .catch(() => undefined);
  const installed = result?.exitCode === 0 ? versionIn(result.stdout) : undefined;
  // No version to show (a wrapper script, a CLI that failed): the agent's own doctor check says
  // whether it runs at all.
  if (installed === undefined) return undefined;
  const recorded = program.recordedVersion;
  if (recorded === undefined)
    return { ...base, status: "ok", detail: `${installed} (no recorded version to compare)` };
  if (compareVersions(installed, recorded) <= 0)
    return { ...base, status: "ok", detail: `${installed} (ao's recognisers recorded from ${recorded})` };
  return {
    ...base,
    status: "warn",
    detail: `${installed} is newer than ${recorded}, the version ao's screen and hook recognisers were recorded from: a dialog or message it added may be misread (a still, unknown screen reads as needs_input)`,
    fix: `ao keeps using it; if a session's status looks wrong, install the version ao was checked against: ${pinnedInstall(program.install, recorded) ?? `${program.binary} ${recorded}`}`,
  };
}

/** `npm i -g <package>` pinned to a version; undefined for any other way of installing. */
function pinnedInstall(install: CatalogProgram["program"]["install"], version: string): string | undefined {
  if (typeof install !== "string" || !/^npm i(nstall)? -g \S+$/.test(install)) return undefined;
  return `${install}@${version}`;
}

/** The first `x.y.z` in a `--version` output ("2.1.332 (Claude Code)", "codex-cli 0.171.0"). */
export function versionIn(text: string): string | undefined {
  return /(\d+)\.(\d+)\.(\d+)/.exec(text)?.[0];
}

/** Negative, 0 or positive as `a` is older than, equal to or newer than `b` (numeric x.y.z). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  for (let index = 0; index < 3; index++) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
