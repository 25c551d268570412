import { AoError } from "../errors.js";
import { SLOTS, type Slot } from "./catalog.js";
import type { PluginDefinition } from "./define-plugin.js";

/**
 * Finds the plugin definition in what a loader returned (a module with a named export `plugin`, or
 * the definition itself) and checks its shape. External modules are untrusted input here: a wrong
 * export fails with a message that says what is missing, not a TypeError later.
 */
export function checkDefinition<S extends Slot>(slot: S, name: string, loaded: unknown): PluginDefinition<S> {
  const candidate = looksLikeDefinition(loaded) ? loaded : (loaded as { plugin?: unknown } | null)?.plugin;
  const problem = definitionProblem(slot, candidate);
  if (problem === undefined) return candidate as PluginDefinition<S>;
  throw new AoError("E_PLUGIN_INVALID", `${slot} plugin "${name}" is not a valid plugin: ${problem}`, {
    hint: `a plugin module exports \`plugin = definePlugin({ slot: "${slot}", name, description, options, create })\` (docs/plugins.md)`,
    details: { slot, plugin: name },
  });
}

function looksLikeDefinition(value: unknown): boolean {
  return typeof value === "object" && value !== null && "slot" in value && "create" in value;
}

function definitionProblem(slot: Slot, candidate: unknown): string | undefined {
  if (typeof candidate !== "object" || candidate === null) return "the module has no named export `plugin`";
  const definition = candidate as Record<string, unknown>;
  if (definition["slot"] !== slot) {
    const actual = definition["slot"];
    const known = typeof actual === "string" && (SLOTS as readonly string[]).includes(actual);
    return known ? `it is a ${actual} plugin, not a ${slot} plugin` : "`slot` is missing or not a slot";
  }
  if (typeof definition["name"] !== "string" || definition["name"] === "") return "`name` is missing";
  if (typeof definition["description"] !== "string") return "`description` is missing";
  if (typeof definition["create"] !== "function") return "`create` is not a function";
  const options = definition["options"] as { safeParse?: unknown } | null | undefined;
  // A function is a schema factory, checked when it runs (on the first validation of options).
  if (typeof options !== "function" && typeof options?.safeParse !== "function")
    return "`options` is not a zod schema or a function returning one";
  return capabilityProblem(definition);
}

/** Optional capabilities are optional, but when given they must have their shape. */
function capabilityProblem(definition: Record<string, unknown>): string | undefined {
  for (const name of ["doctor", "cleanup", "init", "runningAgents", "serverGone"]) {
    const value = definition[name];
    if (value !== undefined && typeof value !== "function") return `\`${name}\` is not a function`;
  }
  const program = definition["program"] as Record<string, unknown> | null | undefined;
  if (program === undefined) return undefined;
  const valid =
    typeof program === "object" &&
    program !== null &&
    typeof program["binary"] === "string" &&
    Array.isArray(program["versionArgs"]) &&
    (typeof program["install"] === "string" || typeof program["install"] === "object");
  return valid ? undefined : "`program` needs binary, versionArgs and install";
}
