import type { AoConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { PluginRegistry } from "../registry/plugin-registry.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { pluginsForSessions, type SessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { Agent, Runtime, RuntimeHandle } from "../slots/index.js";
import type { Session, Store } from "../store/index.js";

/** One session with the plugins that serve it: what every turn step talks to. */
export interface SessionAgent {
  readonly session: Session;
  readonly runtime: Runtime;
  readonly handle: RuntimeHandle;
  readonly agent: Agent;
}

/** Finds a session's runtime and agent: the CLI from the config file, the daemon from its engine. */
export type AgentResolver = (session: Session) => Promise<SessionAgent>;

/**
 * What turn code runs with: the context (clock, logger, stderr), the open store, and how to reach
 * a session's agent. One per command or per daemon cycle.
 */
export interface TurnContext {
  readonly ctx: AoContext;
  readonly store: Store;
  readonly agentOf: AgentResolver;
  /**
   * The configuration in force, for the budget gate (src/core/gates/). Without one (no file loads)
   * only the rate-limit gate, which needs none, is asked.
   */
  readonly config?: AoConfig | undefined;
  /** Default: a real timer. Tests pass their own. */
  readonly sleep?: ((ms: number) => Promise<unknown>) | undefined;
}

/** A resolver over a registry and the project options its sessions get. */
export function registryResolver(
  registryOf: (session: Session) => PluginRegistry,
  optionsFor: SessionPluginOptions,
): AgentResolver {
  return async (session) => {
    const handle = startedHandle(session);
    const registry = registryOf(session);
    const [runtime, agent] = await Promise.all([
      registry.resolve("runtime", session.runtime, optionsFor(session, "runtime")),
      registry.resolve("agent", session.agent, optionsFor(session, "agent")),
    ]);
    return { session, runtime, handle, agent };
  };
}

/**
 * For commands: each session's plugins from the configuration (or the built-ins without one), read
 * once per command and kind of session, so a configuration that does not load is warned about once.
 */
export function cliResolver(ctx: AoContext, configPath: string | undefined): AgentResolver {
  const loaded = new Map<string, ReturnType<typeof pluginsForSessions>>();
  return async (session) => {
    const key = JSON.stringify([session.runtime, session.agent]);
    const plugins = loaded.get(key) ?? pluginsForSessions(ctx, [session], configPath);
    loaded.set(key, plugins);
    const { registry, optionsFor } = await plugins;
    return registryResolver(() => registry, optionsFor)(session);
  };
}

function startedHandle(session: Session): RuntimeHandle {
  const handle = storedHandle(session);
  if (handle !== undefined) return handle;
  throw new AoError("E_SESSION_STATE", `${session.id} has no agent: it was never started`, {
    hint: `finish or undo its spawn with \`ao session restore ${session.id}\` or \`ao session cleanup\``,
    details: { session: session.id, status: session.status },
  });
}
