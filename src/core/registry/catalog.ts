/**
 * The eight slots and the shape of a plugin catalog: slot → name → lazy loader. Loaders are
 * functions so that a command which never talks to GitHub never imports Octokit.
 */
export const SLOTS = [
  "runtime",
  "agent",
  "workspace",
  "tracker",
  "scm",
  "notifier",
  "terminal",
  "lifecycle",
] as const;

export type Slot = (typeof SLOTS)[number];

/**
 * Resolves to a plugin module (whose named export `plugin` is the definition, see define-plugin.ts)
 * or to the definition itself: `tmux: () => import("./runtime/tmux.js")`.
 */
export type PluginLoader = () => Promise<unknown>;

export type PluginCatalog = { readonly [S in Slot]: Readonly<Record<string, PluginLoader>> };

export function emptyCatalog(): PluginCatalog {
  return {
    runtime: {},
    agent: {},
    workspace: {},
    tracker: {},
    scm: {},
    notifier: {},
    terminal: {},
    lifecycle: {},
  };
}
