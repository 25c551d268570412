import { emptyCatalog, type PluginCatalog } from "../core/registry/catalog.js";

/**
 * The plugins that ship with ao, by slot and by the name written in agent-orchestrator.yaml.
 * Each entry is a lazy import: nothing here loads until a command resolves that plugin.
 */
export const builtinCatalog: PluginCatalog = {
  ...emptyCatalog(),
  workspace: {
    worktree: () => import("./workspace/worktree.js"),
    clone: () => import("./workspace/clone.js"),
  },
};
