import type { PluginContext, PluginProject } from "../../../core/plugin-api.js";
import type { CiFinishWatch } from "./ci-finish-watch.js";
import type { CiCommand } from "./ci-runs.js";
import type { LocalScmLayout } from "./state-paths.js";

/** What every part of scm/local works with: the context's seams, the project, and its options. */
export interface LocalScmEnv {
  ctx: Pick<PluginContext, "exec" | "env" | "clock" | "logger">;
  project: PluginProject;
  layout: LocalScmLayout;
  /** The project's CI commands, already split into argv; empty when it has no CI. */
  ci: CiCommand[];
  ciTimeoutMs: number;
  pushToOrigin: boolean;
  fastForward: boolean;
  /** Told of every run observed pending, for `watchChanges`. */
  ciWatch: CiFinishWatch;
}

export function nowIso(env: LocalScmEnv): string {
  return new Date(env.ctx.clock.now()).toISOString();
}
