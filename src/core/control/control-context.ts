import type { LoadedConfig } from "../config/index.js";
import type { ControlPlaneConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { Session, Store } from "../store/index.js";
import { cliResolver, type TurnContext } from "../turns/turn-context.js";
import { agentBinary } from "./list-agents.js";

/**
 * What the control plane's functions run with: the context, the store, the configuration the
 * daemon loaded, the turn context over the same store, and how to name a worker's CLI in a hint.
 * One per daemon (the tools run in the daemon, so turns outlive a commander's process).
 */
export interface ControlContext {
  readonly ctx: AoContext;
  readonly store: Store;
  readonly config: LoadedConfig;
  readonly turns: TurnContext;
  /** The command a person runs to see the worker's CLI fail for themselves (`claude`). */
  readonly cliOf: (session: Session) => Promise<string>;
}

export function createControlContext(ctx: AoContext, store: Store, config: LoadedConfig): ControlContext {
  return {
    ctx,
    store,
    config,
    turns: { ctx, store, agentOf: cliResolver(ctx, config.path) },
    cliOf: (session) => agentBinary(ctx, session.agent),
  };
}

/** Whether the control plane is on anywhere: at the top level or in one project. */
export function controlPlaneEnabled(config: LoadedConfig): boolean {
  if (config.config.controlPlane.enabled) return true;
  return Object.values(config.config.projects).some((project) => project.controlPlane.enabled);
}

/** The error `ao mcp` (and every tool) gives while the control plane is off. */
export function controlPlaneOffError(configPath: string): AoError {
  return new AoError("E_CONTROL_PLANE_OFF", `the control plane is off in ${configPath}`, {
    hint: "add `controlPlane: { enabled: true }` to agent-orchestrator.yaml (or to one project), then restart the daemon (`ao stop && ao start`)",
    details: { config: configPath },
  });
}

/** A session's project's section (the top-level one when the project is gone from the file). */
export function controlPlaneOf(cc: ControlContext, project: string): ControlPlaneConfig {
  return cc.config.config.projects[project]?.controlPlane ?? cc.config.config.controlPlane;
}
