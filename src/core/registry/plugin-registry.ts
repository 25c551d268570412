import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { agentContext } from "./agent-env.js";
import { AO_SECRET_VARIABLES } from "../secret-variables.js";
import { REQUIRED_METHODS } from "../slots/required-methods.js";
import type { SlotInterfaces } from "../slots/index.js";
import type { Slot } from "./catalog.js";
import type { PluginContext, PluginDefinition, PluginProject } from "./define-plugin.js";
import { inspectPlugin } from "./inspect-plugin.js";
import type { PluginSource } from "./load-plugin-module.js";
import { asPluginError, wrapPluginInstance } from "./wrap-plugin.js";

export interface PluginRegistry {
  /**
   * The instance for `slot:name` with these options: loaded on first use, validated, created once
   * and wrapped so failures become E_PLUGIN_FAILED. Later calls with equal options share it.
   */
  resolve<S extends Slot>(slot: S, name: string, rawOptions?: unknown): Promise<SlotInterfaces[S]>;
}

export interface PluginRegistryOptions {
  /** Where local plugin paths and npm packages resolve from; the config file's directory. Default: ctx.cwd. */
  baseDir?: string | undefined;
  /** The project every plugin of this registry serves (`PluginContext.project`). */
  project?: PluginProject | undefined;
  /**
   * ao's secret variables (aoSecretVariables of the configuration); default AO_SECRET_VARIABLES.
   * A runtime's context has none of them (agentContext).
   */
  secretVariables?: readonly string[] | undefined;
}

export function createPluginRegistry(ctx: AoContext, options: PluginRegistryOptions = {}): PluginRegistry {
  const baseDir = options.baseDir ?? ctx.cwd;
  const pluginContext: PluginContext = {
    env: ctx.env,
    cwd: ctx.cwd,
    paths: ctx.paths,
    exec: ctx.exec,
    clock: ctx.clock,
    logger: ctx.logger,
    stderr: ctx.stderr,
    baseDir,
    project: options.project,
  };
  const runtimeContext = agentContext(pluginContext, options.secretVariables ?? AO_SECRET_VARIABLES);
  const instances = new Map<string, Promise<unknown>>();
  return {
    resolve<S extends Slot>(slot: S, name: string, rawOptions?: unknown): Promise<SlotInterfaces[S]> {
      const key = `${slot}:${name}:${stableJson(rawOptions ?? {})}`;
      let instance = instances.get(key);
      if (!instance) {
        const context = slot === "runtime" ? runtimeContext : pluginContext;
        instance = instantiate(slot, name, rawOptions, { catalog: ctx.catalog, baseDir }, context);
        instances.set(key, instance);
        // A failed resolve is not cached: the person fixes the config and the next call retries.
        instance.catch(() => instances.delete(key));
      }
      return instance as Promise<SlotInterfaces[S]>;
    },
  };
}

async function instantiate<S extends Slot>(
  slot: S,
  name: string,
  rawOptions: unknown,
  source: PluginSource,
  pluginContext: PluginContext,
): Promise<SlotInterfaces[S]> {
  const { definition, options } = await inspectPlugin(source, slot, name, rawOptions);
  const label = `${slot}/${definition.name}`;
  const instance = await create(definition, options, pluginContext, label);
  return wrapPluginInstance(instance, label);
}

async function create<S extends Slot>(
  definition: PluginDefinition<S>,
  options: unknown,
  pluginContext: PluginContext,
  label: string,
): Promise<SlotInterfaces[S]> {
  let instance: unknown;
  try {
    instance = await definition.create(options, pluginContext);
  } catch (error) {
    throw asPluginError(error, `${label}.create`);
  }
  const missing = missingMethods(definition.slot, instance);
  if (missing.length > 0) {
    throw new AoError("E_PLUGIN_INVALID", `${label} does not implement ${missing.join(", ")}`, {
      hint: `a ${definition.slot} plugin's create() returns an object with ${REQUIRED_METHODS[definition.slot].join(", ")} (docs/plugins.md)`,
      details: { slot: definition.slot, plugin: definition.name, missing },
    });
  }
  return instance as SlotInterfaces[S];
}

function missingMethods(slot: Slot, instance: unknown): string[] {
  const required: readonly string[] = REQUIRED_METHODS[slot];
  if (typeof instance !== "object" || instance === null) return [...required];
  const methods = instance as Record<string, unknown>;
  return required.filter((method) => typeof methods[method] !== "function");
}

/** JSON with sorted keys, so `{a, b}` and `{b, a}` share a cache entry. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
