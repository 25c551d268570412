import { z } from "zod";
import { emptyCatalog, SLOTS, type PluginCatalog, type Slot } from "../../../src/core/registry/catalog.js";
import { REQUIRED_METHODS } from "../../../src/core/slots/required-methods.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

/**
 * A catalog in which each listed `slot: [names]` resolves to a plugin that has every required
 * method and accepts any options, except tracker/scm `github`, which checks `apiUrl` is a URL (so a
 * test can provoke the registry's option error), with the built-in defaults. The stubs offer no
 * capabilities: doctor resolves them and has nothing else to ask.
 */
export function stubCatalog(names: Partial<Record<Slot, string[]>>): PluginCatalog {
  const catalog = emptyCatalog() as Record<Slot, Record<string, () => Promise<unknown>>>;
  for (const slot of SLOTS) {
    for (const name of names[slot] ?? []) {
      catalog[slot][name] = () => Promise.resolve({ plugin: stubPlugin(slot, name) });
    }
  }
  return { ...catalog, defaults: builtinCatalog.defaults };
}

function stubPlugin(slot: Slot, name: string) {
  const options = name === "github" ? z.looseObject({ apiUrl: z.url().optional() }) : z.looseObject({});
  const methods = Object.fromEntries(REQUIRED_METHODS[slot].map((method) => [method, () => undefined]));
  return { slot, name, description: `stub ${slot} ${name}`, options, create: () => methods };
}

/** Every plugin a config written by `ao init` (and the config defaults) names. */
export const INIT_PLUGINS: Partial<Record<Slot, string[]>> = {
  runtime: ["tmux", "process"],
  agent: ["claude-code", "codex", "aider", "opencode", "gemini"],
  workspace: ["worktree"],
  tracker: ["github", "local", "linear"],
  scm: ["github", "local"],
  notifier: ["desktop"],
  terminal: ["tmux-attach"],
  lifecycle: ["core"],
};
