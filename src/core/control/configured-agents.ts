import type { ControlContext } from "./control-context.js";
import { controlPlaneOf } from "./control-context.js";

/**
 * The agent plugins the configuration names (`agent:` of a project, or `defaults.agent`) for the
 * projects a commander can open workers in (the control plane on), each with those projects, in
 * file order. `open_session` with one of them runs it with the project's options (the `argv` of a
 * `command` agent), so a commander must be told about it even when no known program is on PATH.
 */
export function configuredAgents(cc: ControlContext): Map<string, string[]> {
  const configured = new Map<string, string[]>();
  for (const [id, project] of Object.entries(cc.config.config.projects)) {
    if (!controlPlaneOf(cc, id).enabled) continue;
    const plugin = project.agent.plugin;
    configured.set(plugin, [...(configured.get(plugin) ?? []), id]);
  }
  return configured;
}
