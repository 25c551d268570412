import type { z } from "zod";
import type { AoContext } from "../context.js";
import type { SlotInterfaces } from "../slots/index.js";
import type { Slot } from "./catalog.js";
import type { PluginCapabilities } from "./plugin-capabilities.js";

/**
 * What a plugin's factory may use: the side-effect seams of the context, nothing of the CLI.
 * `stderr` is for progress lines of long steps (a workspace's `postCreate: npm ci …`), never results.
 */
export interface PluginContext extends Pick<
  AoContext,
  "env" | "cwd" | "paths" | "exec" | "clock" | "logger" | "stderr"
> {
  /** Relative paths in a plugin's options resolve against this (the config file's directory). */
  readonly baseDir: string;
  /**
   * The project the plugin serves, when the registry was opened for one (a tracker or scm reads
   * its repository from here: local issue files, the main checkout, the GitHub repo).
   */
  readonly project?: PluginProject | undefined;
}

export interface PluginProject {
  /** The key under `projects:`. */
  readonly id: string;
  /** The person's checkout (absolute). */
  readonly path: string;
  readonly defaultBranch: string;
  /** `owner/repo`, when configured. */
  readonly repo?: string | undefined;
}

/**
 * A plugin's options schema, or a function that builds it (or imports the module that does) on the
 * first validation: zod schemas cost milliseconds to construct, and `ao status` should not pay for
 * options nobody configured.
 */
export type PluginOptionsSchema<Options = unknown> =
  z.ZodType<Options> | (() => z.ZodType<Options> | Promise<z.ZodType<Options>>);

/**
 * One plugin: a factory plus the zod schema of its options, and the optional capabilities core asks
 * every configured plugin for (plugin-capabilities.ts). A plugin module exports it as the named
 * export `plugin`; the registry validates options with `options` before calling `create`.
 */
export interface PluginDefinition<
  S extends Slot = Slot,
  Options = unknown,
> extends PluginCapabilities<Options> {
  readonly slot: S;
  /** The name written in agent-orchestrator.yaml, e.g. `tmux`. */
  readonly name: string;
  /** One line for `ao plugin ls`. */
  readonly description: string;
  readonly options: PluginOptionsSchema<Options>;
  /**
   * What the schema makes of no options (`schema.parse({})`). When given, a plugin used without
   * options is created with a copy of it and its schema is never built.
   */
  readonly defaults?: Options | undefined;
  create(options: Options, ctx: PluginContext): SlotInterfaces[S] | Promise<SlotInterfaces[S]>;
}

interface DefinitionInput<S extends Slot, Schema extends z.ZodType, Given> extends PluginCapabilities<
  z.output<Schema>
> {
  slot: S;
  name: string;
  description: string;
  options: Given;
  defaults?: z.output<Schema>;
  create(options: z.output<Schema>, ctx: PluginContext): SlotInterfaces[S] | Promise<SlotInterfaces[S]>;
}

/**
 * An identity helper: it only exists so TypeScript checks `create` returns the slot's interface and
 * infers `options` from the schema, given as is (then `plugin.options` stays that schema's type) or
 * as a function returning it or a promise of it.
 */
export function definePlugin<S extends Slot, Schema extends z.ZodType>(
  definition: DefinitionInput<S, Schema, Schema>,
): PluginDefinition<S, z.output<Schema>> & { readonly options: Schema };
export function definePlugin<S extends Slot, Schema extends z.ZodType>(
  definition: DefinitionInput<S, Schema, () => Schema | Promise<Schema>>,
): PluginDefinition<S, z.output<Schema>>;
export function definePlugin<S extends Slot, Schema extends z.ZodType>(
  definition: DefinitionInput<S, Schema, PluginOptionsSchema<z.output<Schema>>>,
): PluginDefinition<S, z.output<Schema>> {
  return definition;
}
