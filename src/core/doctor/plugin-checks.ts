import { displayPath, formatKeyPath } from "../config/config-issues.js";
import type { PluginReference } from "../config/plugin-references.js";
import type { KeyPath, LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import type { InspectedPlugin } from "../registry/inspect-plugin.js";
import type { PluginCheck, PluginCheckContext } from "../registry/plugin-capabilities.js";
import type { CheckStatus, DoctorCheck } from "./check.js";

/** A plugin's own checks, or the one line saying its check itself failed (a bug in the plugin). */
export async function runPluginDoctor(
  inspected: InspectedPlugin,
  checkContext: PluginCheckContext,
): Promise<readonly PluginCheck[]> {
  const { definition, options } = inspected;
  if (definition.doctor === undefined) return [];
  try {
    return await definition.doctor(options, checkContext);
  } catch (error) {
    const label = `${definition.slot}/${definition.name}`;
    return [
      {
        id: `plugin:${label}:doctor`,
        title: `${definition.slot} ${definition.name}`,
        status: "fail",
        detail: `${label}'s own check failed: ${messageOf(error)}`,
        fix: "report this to the plugin's authors; run with --debug for the stack",
      },
    ];
  }
}

/**
 * A plugin's finding as a doctor line that says where the configuration asks for it: the option it
 * is about when that is written in the file, else the plugin's own key, else where its name is
 * written (`defaults.agent` for a project that names none), with file:line:column; a plugin that
 * is a default of the catalog has only its key path.
 */
export async function placeCheck(
  ctx: Pick<AoContext, "cwd">,
  loaded: LoadedConfig,
  reference: PluginReference,
  check: PluginCheck,
): Promise<DoctorCheck> {
  const { option, ...line } = check;
  if (check.status === "ok") return line;
  const [document, yaml] = await Promise.all([loaded.loadDocument(), import("../config/config-document.js")]);
  const candidates: KeyPath[] = option === undefined ? [] : [[...reference.keyPath, ...option]];
  const written = [...candidates, reference.keyPath].find((keyPath) =>
    yaml.isWrittenInYaml(document, keyPath),
  );
  const keyPath = written ?? candidates[0] ?? reference.keyPath;
  const at = written === undefined ? reference.location : yaml.locateInYaml(document, written);
  if (at === undefined) return { ...line, source: { keyPath: formatKeyPath(keyPath) } };
  const file = displayPath(at.file, ctx.cwd);
  return { ...line, source: { keyPath: formatKeyPath(keyPath), file, line: at.line, column: at.column } };
}

const SEVERITY: Record<CheckStatus, number> = { ok: 0, warn: 1, fail: 2 };

/**
 * One line per check id, in the order first seen, keeping the worst: tracker and scm on one GitHub
 * host say the same thing, and tmux is needed by a runtime (fail) and by a terminal (warn).
 */
export function mergeChecks(checks: readonly DoctorCheck[]): DoctorCheck[] {
  const byId = new Map<string, DoctorCheck>();
  for (const check of checks) {
    const seen = byId.get(check.id);
    if (seen === undefined || SEVERITY[check.status] > SEVERITY[seen.status]) byId.set(check.id, check);
    else byId.set(check.id, seen);
  }
  return [...byId.values()];
}
